/*
 * /widget.js: what a salon pastes on its own website (Settings → Online booking):
 *
 *   <script src="https://glowbook.in/widget.js" data-salon="glow-pune" async></script>
 *
 * It puts a "Book now" button where the tag is. The button opens the salon's booking link
 * (/s/{slug}?embed=1) in an iframe in a modal overlay: a dialog with a name, a close button, focus
 * kept inside it (Tab cycles between the close button and the booking page) and given back to the
 * button on close; Escape closes it, pressed on the host page or inside the booking page (which
 * tells the host page by postMessage, checked to come from this iframe of this origin). Plain
 * ES2017 with no dependencies, so it runs on any website; its styles are inline, so the host's CSS
 * cannot break it and it cannot break the host's.
 */
export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript || document.querySelector('script[data-salon][src*="/widget.js"]');
  if (!script) return;
  var slug = (script.getAttribute('data-salon') || '').trim().toLowerCase();
  if (!/^[a-z0-9-]{3,60}$/.test(slug)) {
    console.warn('GlowBook widget: data-salon must be the salon link name, e.g. data-salon="glow-pune"');
    return;
  }
  var origin = new URL(script.src, location.href).origin;
  var label = script.getAttribute('data-label') || 'Book now';
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.setAttribute('data-glowbook-widget', slug);
  button.setAttribute('aria-haspopup', 'dialog');
  button.style.cssText = 'font:600 16px/1.2 system-ui,sans-serif;color:#fff;background:#6d2353;border:0;border-radius:999px;padding:12px 24px;cursor:pointer;min-height:44px';
  script.parentNode.insertBefore(button, script.nextSibling);

  var overlay = null;
  var frame = null;
  var closeButton = null;
  var lastOverflow = '';

  function close() {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    frame = null;
    document.documentElement.style.overflow = lastOverflow;
    document.removeEventListener('keydown', onKey, true);
    window.removeEventListener('message', onMessage);
    button.focus();
  }

  function onKey(e) {
    if (!overlay) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  }

  function onMessage(e) {
    if (!frame || e.origin !== origin || e.source !== frame.contentWindow) return;
    if (e.data && e.data.type === 'glowbook-widget:close') close();
  }

  /** A focusable edge of the dialog: reaching it by Tab sends focus round to the other end. */
  function edge(onFocus) {
    var s = document.createElement('span');
    s.tabIndex = 0;
    s.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)';
    s.addEventListener('focus', onFocus);
    return s;
  }

  function open() {
    if (overlay) return;
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Book an appointment');
    overlay.setAttribute('data-glowbook-overlay', slug);
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,10,16,.6);display:flex;align-items:center;justify-content:center;padding:max(0px,min(16px,2vw))';
    var panel = document.createElement('div');
    panel.style.cssText = 'position:relative;background:#fff;width:100%;max-width:480px;height:100%;max-height:760px;border-radius:16px;overflow:hidden;box-shadow:0 20px 60px rgba(0,0,0,.35);display:flex;flex-direction:column';
    closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', 'Close booking');
    closeButton.textContent = '\u00d7';
    closeButton.style.cssText = 'position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;border-radius:999px;border:0;background:#fff;color:#2b1a24;font:400 28px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.25)';
    closeButton.addEventListener('click', close);
    frame = document.createElement('iframe');
    frame.title = 'Book an appointment';
    frame.src = origin + '/s/' + encodeURIComponent(slug) + '?embed=1';
    frame.style.cssText = 'border:0;width:100%;flex:1';
    frame.setAttribute('allow', 'clipboard-write');
    var first = edge(function () { frame.focus(); });
    var last = edge(function () { closeButton.focus(); });
    panel.appendChild(first);
    panel.appendChild(closeButton);
    panel.appendChild(frame);
    panel.appendChild(last);
    overlay.appendChild(panel);
    overlay.addEventListener('click', function (e) { if (e.target === overlay) close(); });
    lastOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('message', onMessage);
    closeButton.focus();
  }

  button.addEventListener('click', open);
})();
`;
