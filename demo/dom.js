// Small DOM and formatting helpers shared by the viewer's page modules (no framework: the page is
// a few panels, a virtualised table and SVG charts; see README "Viewer").

/**
 * Creates an element: `h('a', { href, className: 'x' }, 'text', child)`. Properties are set as
 * properties; `dataset`, `style` and `attrs` objects are merged; `on` adds listeners.
 *
 * @example
 * h('button', { type: 'button', on: { click: open } }, 'Open');
 */
export function h(tag, properties = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (value === undefined || value === null) continue;
    if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key === 'style') Object.assign(element.style, value);
    else if (key === 'attrs') for (const [name, attribute] of Object.entries(value)) { if (attribute !== undefined && attribute !== null && attribute !== false) element.setAttribute(name, attribute === true ? '' : String(attribute)); }
    else if (key === 'on') for (const [type, listener] of Object.entries(value)) element.addEventListener(type, listener);
    else element[key] = value;
  }
  element.append(...children.flat().filter((child) => child !== undefined && child !== null && child !== false).map((child) => (typeof child === 'object' ? child : String(child))));
  return element;
}

/**
 * An SVG element with attributes.
 *
 * @example
 * svg('rect', { x: 0, y: 0, width: 10, height: 20, class: 'bar' });
 */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, String(value));
  element.append(...children.filter(Boolean));
  return element;
}

/** 12345 → "12,345". */
export const formatCount = (count) => count.toLocaleString('en-US');

/**
 * 512 bytes / 830.0 KiB / 8.4 MiB: binary units, because the protocol's "50MB" is 52,428,800 bytes (50 MiB).
 *
 * @example
 * formatBytes(52_428_800); // '50.0 MiB'
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** plural(3, 'error') → "3 errors"; plural(1, 'warning') → "1 warning". */
export const plural = (count, word) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

/**
 * True for an absolute http(s) URL: the only kind the viewer turns into a link.
 *
 * @example
 * isWebUrl('javascript:alert(1)'); // false
 */
export function isWebUrl(text) {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A URL as text that may wrap after `/`, `.`, `-`, `?`, `&`, `=` and `_` (a `<wbr>` there), so a
 * long URL in a heading breaks between its parts on a phone, not inside a word.
 *
 * @example
 * heading.append(...breakableUrl('https://example.com/sitemaps/pages.xml'));
 */
export function breakableUrl(url) {
  const parts = [];
  for (const piece of url.split(/(?<=[/.\-?&=_])/)) parts.push(piece, document.createElement('wbr'));
  parts.pop();
  return parts;
}

/**
 * A link that opens in a new tab for http(s) URLs, else the text (a hostile loc cannot become `javascript:`).
 *
 * @example
 * cell.append(linkOrText(entry.loc));
 */
export function linkOrText(text, label = text) {
  return isWebUrl(text) ? h('a', { href: text, target: '_blank', rel: 'noopener noreferrer' }, label) : h('span', {}, label);
}

/**
 * "3 days ago", "in 2 months": how far `time` is from now.
 *
 * @example
 * relativeTime(Date.parse('2026-11-19'), Date.parse('2026-11-22')); // '3 days ago'
 */
export function relativeTime(time, now = Date.now()) {
  const days = (time - now) / 86_400_000;
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (Math.abs(days) < 1) return format.format(Math.round((time - now) / 3_600_000), 'hour');
  if (Math.abs(days) < 60) return format.format(Math.round(days), 'day');
  if (Math.abs(days) < 730) return format.format(Math.round(days / 30.44), 'month');
  return format.format(Math.round(days / 365.25), 'year');
}

/**
 * "1 entry", "50,000 entries".
 *
 * @example
 * entryCount(1); // '1 entry'
 */
export const entryCount = (count) => `${formatCount(count)} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * An `<option>` of a filter's `<select>`, chosen when its value is `selected`.
 *
 * @example
 * select.replaceChildren(option('', 'All codes', filter.code), option('XML_SYNTAX', 'XML_SYNTAX (3)', filter.code));
 */
export const option = (value, label, selected) => h('option', { value, selected: value === selected }, label);
