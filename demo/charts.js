// The pictures: lastmod over time as an SVG histogram, and distributions (changefreq, priority,
// URLs per directory) as horizontal bars made of HTML, whose labels stay crisp and selectable.
// Bars that stand for a filter are buttons: choosing one filters the entries.

import { formatCount, h, svg } from './dom.js';

const UNIT_WORDS = { day: 'per day', month: 'per month', year: 'per year' };

/**
 * A round step (1, 2 or 5 times a power of ten, never below 1: counts are whole) giving at most
 * about six ticks from 0, and the top tick (the first multiple of the step at or above `max`).
 *
 * @example
 * roundTicks(5); // { step: 1, top: 5 }
 * roundTicks(1234); // { step: 500, top: 1500 }
 */
export function roundTicks(max) {
  if (max <= 0) return { step: 1, top: 1 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough));
  return { step, top: Math.ceil(max / step) * step };
}

/**
 * Histogram of lastmod dates.
 *
 * @example
 * panel.append(lastmodHistogram(charts.lastmod, { width: panel.clientWidth - 26 }));
 */
export function lastmodHistogram({ unit, buckets, missing, unreadable }, { width = 640 } = {}) {
  const figure = h('figure', { className: 'chart', dataset: { chart: 'lastmod' } });
  const notes = [missing ? `${formatCount(missing)} without lastmod` : '', unreadable ? `${formatCount(unreadable)} unreadable` : ''].filter(Boolean).join(', ');
  figure.append(h('figcaption', {}, h('strong', {}, 'lastmod over time'), ` ${UNIT_WORDS[unit] ?? ''}`, notes ? h('span', { className: 'muted' }, ` (${notes})`) : null));
  if (buckets.length === 0) {
    figure.append(h('p', { className: 'muted' }, 'No entry has a readable lastmod.'));
    return figure;
  }
  // Drawn at the width it is shown at (a phone's ~350 px too), so that its 11 px text stays 11 px.
  const height = 200, left = 44, bottom = 36, top = 8, right = 8;
  const max = Math.max(...buckets.map((bucket) => bucket.count));
  const { step, top: axisTop } = roundTicks(max);
  const slot = (width - left - right) / buckets.length;
  const scale = (count) => (axisTop === 0 ? 0 : (count / axisTop) * (height - top - bottom));
  const labelEvery = Math.ceil(buckets.length / Math.max(2, Math.floor(width / 80)));
  const bars = buckets.map((bucket, i) => {
    const barHeight = scale(bucket.count);
    return svg('rect', { x: (left + i * slot + slot * 0.1).toFixed(2), y: (height - bottom - barHeight).toFixed(2), width: Math.max(1, slot * 0.8).toFixed(2), height: barHeight.toFixed(2), class: 'bar' },
      svg('title', {}, document.createTextNode(`${bucket.label}: ${formatCount(bucket.count)}`)));
  });
  const labels = buckets.map((bucket, i) => (i % labelEvery === 0
    ? svg('text', { x: (left + i * slot + slot / 2).toFixed(2), y: height - bottom + 16, 'text-anchor': 'middle', class: 'axis-label' }, document.createTextNode(bucket.label))
    : null));
  const ticks = [];
  for (let value = 0; value <= axisTop; value += step) {
    const y = height - bottom - scale(value);
    ticks.push(svg('line', { x1: left, x2: width - right, y1: y.toFixed(2), y2: y.toFixed(2), class: 'grid-line' }),
      svg('text', { x: left - 6, y: (y + 4).toFixed(2), 'text-anchor': 'end', class: 'axis-label y-tick' }, document.createTextNode(formatCount(value))));
  }
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  figure.append(svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `lastmod of ${formatCount(total)} entries ${UNIT_WORDS[unit]}, from ${buckets[0].label} to ${buckets.at(-1).label}, at most ${formatCount(max)} in one ${unit}` },
    ...ticks, ...bars, ...labels));
  return figure;
}

/**
 * Horizontal bars, one per bucket; buckets with a `filter` are buttons calling `onChoose(filter)`.
 *
 * @example
 * barList('changefreq', charts.changefreq, (value) => applyFilter({ changefreq: value }));
 */
export function barList(title, buckets, onChoose, chartName = title) {
  const figure = h('figure', { className: 'chart', dataset: { chart: chartName } }, h('figcaption', {}, h('strong', {}, title)));
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const list = h('ul', { className: 'bars' });
  for (const bucket of buckets) {
    const fill = h('span', { className: 'fill', style: { width: `${(bucket.count / max) * 100}%` } });
    const content = [h('span', { className: 'label', title: bucket.label }, bucket.label), h('span', { className: 'track' }, fill), h('span', { className: 'count' }, formatCount(bucket.count))];
    const item = bucket.filter !== undefined && onChoose && bucket.count > 0
      ? h('button', { type: 'button', className: 'bar-row', title: `Show the ${formatCount(bucket.count)} entries: ${bucket.label}`, on: { click: () => onChoose(bucket.filter) } }, content)
      : h('div', { className: 'bar-row' }, content);
    list.append(h('li', {}, item));
  }
  figure.append(list);
  return figure;
}
