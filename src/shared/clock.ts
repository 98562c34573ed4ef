/* Wall-clock times of day: 'h:mm AM/PM' or 'HH:mm' text, minutes after midnight. No dependencies. */

/** Accepts `h:mm AM/PM` or `HH:mm`; normalises to minutes after midnight. */
export function parseTimeToMinutes(value: string): number | null {
  const v = value.trim();
  let m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(v);
  if (m) {
    let h = Number(m[1]);
    const min = Number(m[2]);
    if (h < 1 || h > 12 || min > 59) return null;
    const pm = m[3].toUpperCase() === 'PM';
    if (h === 12) h = 0;
    return (pm ? h + 12 : h) * 60 + min;
  }
  m = /^(\d{1,2}):(\d{2})$/.exec(v);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h > 23 || min > 59) return null;
    return h * 60 + min;
  }
  return null;
}

/**
 * A wall-clock time as stored ('5:00 PM' or '17:00') on the 12-hour clock with capital AM/PM;
 * anything else is shown as it is.
 */
export function formatClock(time: string): string {
  const minutes = parseTimeToMinutes(time);
  return minutes === null ? time : formatMinutes12h(minutes);
}

export function formatMinutes12h(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const min = minutes % 60;
  const suffix = h24 >= 12 ? 'PM' : 'AM';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(min).padStart(2, '0')} ${suffix}`;
}
