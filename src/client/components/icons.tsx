import type { SVGProps } from 'react';

/** Outline icons (24 px grid, 1.8 stroke) drawn inline so no icon font or CDN is needed. */
type IconProps = SVGProps<SVGSVGElement> & { title?: string };

function make(paths: string[], displayName: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: builds stateless icon components once, at module load
  function Icon({ title, className = 'size-5', ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        className={className}
        {...rest}
      >
        {title && <title>{title}</title>}
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const HomeIcon = make(['M3 10.5 12 3l9 7.5', 'M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5'], 'HomeIcon');
export const StoreIcon = make(
  ['M4 9h16l-1-5H5L4 9z', 'M4 9a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0', 'M5 11v9h14v-9', 'M10 20v-5h4v5'],
  'StoreIcon',
);
export const CalendarIcon = make(
  [
    'M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12z',
    'M4 10h16',
    'M8 3v4',
    'M16 3v4',
  ],
  'CalendarIcon',
);
export const UserIcon = make(['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 20.5c1.4-3.5 4.4-5.5 8-5.5s6.6 2 8 5.5'], 'UserIcon');
export const UsersIcon = make(
  [
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
    'M2.5 20c1-3.2 3.5-5 6.5-5s5.5 1.8 6.5 5',
    'M16 4.3a3.5 3.5 0 0 1 0 6.4',
    'M18 15.3c1.7.7 2.9 2.3 3.5 4.7',
  ],
  'UsersIcon',
);
export const BellIcon = make(['M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16z', 'M10 20.5a2.2 2.2 0 0 0 4 0'], 'BellIcon');
export const ChatIcon = make(
  ['M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4V5.5z', 'M8 9h8', 'M8 12h5'],
  'ChatIcon',
);
export const QrIcon = make(
  ['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h2v2h-2z', 'M18 14h2', 'M14 18v2', 'M18 18h2v2h-2z'],
  'QrIcon',
);
export const ScissorsIcon = make(
  ['M6 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M8.1 7.9 20 19', 'M8.1 16.1 20 5', 'M12.5 12 14 10.6'],
  'ScissorsIcon',
);
export const LogoutIcon = make(['M15 4h3.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H15', 'M10 16l-4-4 4-4', 'M6 12h10'], 'LogoutIcon');
export const SettingsIcon = make(
  [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9c.2.6.8 1 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  'SettingsIcon',
);
export const HelpIcon = make(
  ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9.5 9a2.6 2.6 0 0 1 5 1c0 1.8-2.5 2.2-2.5 4', 'M12 17.5h.01'],
  'HelpIcon',
);
export const BriefcaseIcon = make(['M4 8h16v11H4z', 'M9 8V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V8', 'M4 13h16'], 'BriefcaseIcon');
export const MenuIcon = make(['M4 7h16', 'M4 12h16', 'M4 17h16'], 'MenuIcon');
export const CloseIcon = make(['M6 6l12 12', 'M18 6 6 18'], 'CloseIcon');
export const ChevronDownIcon = make(['m6 9 6 6 6-6'], 'ChevronDownIcon');
export const ChevronRightIcon = make(['m9 6 6 6-6 6'], 'ChevronRightIcon');
export const ArrowLeftIcon = make(['M19 12H5', 'm11 18-6-6 6-6'], 'ArrowLeftIcon');
export const SearchIcon = make(['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'm20 20-3.5-3.5'], 'SearchIcon');
export const MapPinIcon = make(
  ['M12 21s-7-6.1-7-11.5a7 7 0 1 1 14 0C19 14.9 12 21 12 21z', 'M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'],
  'MapPinIcon',
);
export const ClockIcon = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'], 'ClockIcon');
export const SparkleIcon = make(
  ['M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3z', 'M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16z'],
  'SparkleIcon',
);
export const ChartIcon = make(['M4 20V4', 'M4 20h16', 'M8 16v-5', 'M12 16V8', 'M16 16v-3'], 'ChartIcon');
export const ShieldIcon = make(['M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3z'], 'ShieldIcon');
export const SendIcon = make(['M21 3 10 14', 'M21 3l-7 18-4-7-7-4 18-7z'], 'SendIcon');
export const EyeIcon = make(['M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'], 'EyeIcon');
export const EyeOffIcon = make(
  [
    'M3 3l18 18',
    'M10.6 6.1A9.7 9.7 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-2.9 3.6',
    'M6.6 6.7C4 8.4 2.5 12 2.5 12s3.5 7 9.5 7c1.7 0 3.2-.5 4.5-1.2',
    'M9.9 10a3 3 0 0 0 4.1 4.1',
  ],
  'EyeOffIcon',
);
export const MailIcon = make(['M4 6h16v12H4z', 'm4 7 8 6 8-6'], 'MailIcon');
export const CheckCircleIcon = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'm8 12 3 3 5-6'], 'CheckCircleIcon');
export const TagIcon = make(['M3 12V4h8l10 10-8 8L3 12z', 'M7.5 8.5h.01'], 'TagIcon');
export const ImageIcon = make(
  [
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-13z',
    'm4 16 4.5-4.5 4 4 2.5-2.5L20 18',
    'M15 9h.01',
  ],
  'ImageIcon',
);
export const StarIcon = make(['m12 3.5 2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9L12 3.5z'], 'StarIcon');
