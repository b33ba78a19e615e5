// A virtualised grid: a fixed row height, a spacer as tall as all rows, and a small pool of row
// elements moved into place as the viewport scrolls, so 50,000 rows cost the DOM of ~40.
// Keyboard (WAI-ARIA grid, one tab stop): arrows, Page Up/Down, Home/End move the focused row;
// Enter or a click activates it. The caller maps positions to its data in `renderCell`.

import { h } from './dom.js';

const OVERSCAN = 6;

/**
 * @example
 * const list = new VirtualList(element, {
 *   label: 'Entries', rowHeight: 30,
 *   columns: [{ key: 'loc', label: 'loc', sortable: true }],
 *   renderCell: (cell, position, column) => { cell.textContent = rows[position].loc; },
 *   onActivate: (position) => showDetail(position),
 * });
 * list.setRowCount(rows.length);
 */
export class VirtualList {
  constructor(container, { label, rowHeight = 30, columns, renderCell, rowClass, onActivate, onSort, template }) {
    this.rowHeight = rowHeight;
    this.columns = columns;
    this.renderCell = renderCell;
    this.rowClass = rowClass;
    this.onActivate = onActivate;
    this.onSort = onSort;
    this.rowCount = 0;
    this.active = -1;
    this.sort = { key: '', descending: false };
    this.pool = [];
    this.frame = 0;
    this.generation = 0;

    this.element = h('div', { className: 'vlist', attrs: { role: 'grid', 'aria-label': label, 'aria-rowcount': 1 } });
    /** Each column's track (`12rem`, `minmax(14rem, 1fr)`); a resized column gets a width in pixels. */
    this.tracks = template.match(/minmax\([^)]*\)|\S+/g);
    this.applyTracks();
    this.element.style.setProperty('--row-height', `${rowHeight}px`);
    this.head = h('div', { className: 'vlist-row vlist-head', attrs: { role: 'row', 'aria-rowindex': 1 } },
      columns.map((column, index) => h('div', { className: `vlist-cell ${column.className ?? ''}`, attrs: { role: 'columnheader' }, dataset: { key: column.key } },
        // The whole header cell is the sort button, not just its word.
        column.sortable ? h('button', { type: 'button', className: 'sort', title: `Sort by ${column.label}`, on: { click: () => this.toggleSort(column.key) } }, column.label) : column.label,
        index < columns.length - 1 && column.label ? this.resizeHandle(index, column.label) : null)));
    this.viewport = h('div', { className: 'vlist-viewport', tabIndex: -1, attrs: { role: 'rowgroup' } });
    this.spacer = h('div', { className: 'vlist-spacer', attrs: { role: 'presentation' } });
    this.empty = h('p', { className: 'vlist-empty', hidden: true });
    this.viewport.append(this.spacer);
    // The empty state stands right under the header, where the eye is, not under a blank box.
    this.element.append(this.head, this.empty, this.viewport);
    container.replaceChildren(this.element);

    this.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.viewport.addEventListener('keydown', (event) => this.onKey(event));
    this.viewport.addEventListener('click', (event) => {
      const row = event.target.closest('.vlist-row');
      if (!row || row.dataset.position === undefined) return;
      if (event.target.closest('a, button')) return; // a control inside the row does its own thing
      this.setActive(Number(row.dataset.position), { focus: true });
      this.onActivate?.(this.active);
    });
    this.viewport.addEventListener('focusin', (event) => {
      const row = event.target.closest?.('.vlist-row');
      if (row?.dataset.position !== undefined) this.active = Number(row.dataset.position);
    });
    this.resizeObserver = new ResizeObserver(() => this.schedule());
    this.resizeObserver.observe(this.viewport);
  }

  /** Writes the column tracks into the grid template, and the width below which it scrolls sideways. */
  applyTracks() {
    this.element.style.setProperty('--columns', this.tracks.join(' '));
    const minimum = this.tracks
      .map((track) => { const match = /^(?:minmax\()?([\d.]+)(rem|px)/.exec(track); return !match ? 0 : match[2] === 'px' ? Number(match[1]) / 16 : Number(match[1]); })
      .reduce((sum, rem) => sum + rem, 0);
    this.element.style.setProperty('--min-width', `${minimum + 1}rem`);
  }

  /**
   * A drag handle on a column's right edge (and, focused, ArrowLeft/ArrowRight by 16 px), so any
   * column can be made wider or narrower; double-click gives the column its first width back.
   */
  resizeHandle(index, label) {
    const original = this.tracks[index];
    const setWidth = (pixels) => {
      this.tracks[index] = `${Math.max(40, Math.round(pixels))}px`;
      this.applyTracks();
      this.schedule();
    };
    const cellWidth = () => this.head.children[index].getBoundingClientRect().width;
    const handle = h('span', {
      className: 'resize-handle', tabIndex: 0, title: `Drag to resize ${label}`,
      attrs: { role: 'separator', 'aria-orientation': 'vertical', 'aria-label': `Resize column ${label}` },
      on: {
        pointerdown: (event) => {
          event.preventDefault();
          const startX = event.clientX;
          const startWidth = cellWidth();
          handle.setPointerCapture(event.pointerId);
          const move = (moved) => setWidth(startWidth + moved.clientX - startX);
          const stop = () => { handle.removeEventListener('pointermove', move); handle.removeEventListener('pointerup', stop); handle.removeEventListener('pointercancel', stop); };
          handle.addEventListener('pointermove', move);
          handle.addEventListener('pointerup', stop);
          handle.addEventListener('pointercancel', stop);
        },
        click: (event) => event.stopPropagation(),
        dblclick: () => { this.tracks[index] = original; this.applyTracks(); this.schedule(); },
        keydown: (event) => {
          const step = { ArrowLeft: -16, ArrowRight: 16 }[event.key];
          if (!step) return;
          event.preventDefault();
          setWidth(cellWidth() + step);
        },
      },
    });
    return handle;
  }

  /** Stops observing (an observer keeps its targets, and through them this list and its data, alive). */
  destroy() {
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    this.element.remove();
  }

  /** Number of rows; keeps the active row if it still exists. `emptyText` shows when there are none. */
  setRowCount(count, emptyText = 'Nothing to show.') {
    this.rowCount = count;
    this.generation++;
    this.element.setAttribute('aria-rowcount', String(count + 1));
    this.spacer.style.height = `${count * this.rowHeight}px`;
    if (this.active >= count) this.active = count - 1;
    this.empty.hidden = count > 0;
    this.viewport.hidden = count === 0;
    this.empty.textContent = emptyText;
    this.render();
  }

  /** Back to the first row (a new filter or sort order). */
  scrollToTop() {
    this.viewport.scrollTop = 0;
    this.active = -1;
  }

  /** Redraws the rows in view (after the data behind them changed). */
  refresh() {
    this.generation++;
    this.render();
  }

  setSortIndicator(key, descending) {
    this.sort = { key, descending };
    for (const cell of this.head.children) {
      const sorted = cell.dataset.key === key;
      if (sorted) cell.setAttribute('aria-sort', descending ? 'descending' : 'ascending'); else cell.removeAttribute('aria-sort');
    }
  }

  toggleSort(key) {
    const descending = this.sort.key === key ? !this.sort.descending : false;
    this.setSortIndicator(key, descending);
    this.onSort?.(key, descending);
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  /** Moves the focused row to `position`, scrolling it into view. */
  setActive(position, { focus = false, align = 'nearest' } = {}) {
    if (this.rowCount === 0) return;
    this.active = Math.max(0, Math.min(this.rowCount - 1, position));
    const top = this.active * this.rowHeight;
    const height = this.viewport.clientHeight;
    if (align === 'center') this.viewport.scrollTop = top - height / 2 + this.rowHeight / 2;
    else if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + this.rowHeight > this.viewport.scrollTop + height) this.viewport.scrollTop = top + this.rowHeight - height;
    this.render();
    if (focus) this.focusActive();
  }

  focusActive() {
    const slot = this.pool.find((row) => Number(row.dataset.position) === this.active && !row.hidden);
    (slot ?? this.viewport).focus({ preventScroll: true });
  }

  /** Focuses the grid: the active row, or the first one. */
  focus() {
    if (this.active < 0 && this.rowCount > 0) this.active = 0;
    this.setActive(this.active, { focus: true });
  }

  onKey(event) {
    if (event.altKey || event.metaKey) return;
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / this.rowHeight) - 1);
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) this.setActive((this.active < 0 ? 0 : this.active) + moves[event.key], { focus: true });
    else if (event.key === 'Home') this.setActive(0, { focus: true });
    else if (event.key === 'End') this.setActive(this.rowCount - 1, { focus: true });
    else if (event.key === 'Enter' && this.active >= 0 && !event.target.closest('a, button')) this.onActivate?.(this.active);
    else return;
    event.preventDefault();
  }

  render() {
    const { rowHeight, viewport } = this;
    const height = viewport.clientHeight || 600;
    // The header sits outside the scrolling box: keep its columns over the rows' when a scrollbar takes room.
    this.element.style.setProperty('--scrollbar', `${viewport.offsetWidth - viewport.clientWidth}px`);
    const first = Math.max(0, Math.floor(viewport.scrollTop / rowHeight) - OVERSCAN);
    const visible = Math.ceil(height / rowHeight) + 2 * OVERSCAN;
    while (this.pool.length < visible) {
      const row = h('div', { className: 'vlist-row', tabIndex: -1, attrs: { role: 'row' } },
        this.columns.map((column) => h('div', { className: `vlist-cell ${column.className ?? ''}`, attrs: { role: 'gridcell' } })));
      row.hidden = true;
      this.pool.push(row);
      this.spacer.append(row);
    }
    const hadFocus = this.element.contains(document.activeElement);
    let focusable = false;
    for (let k = 0; k < this.pool.length; k++) {
      const row = this.pool[k];
      const position = first + k;
      if (position >= this.rowCount || k >= visible) {
        row.hidden = true;
        delete row.dataset.position;
        continue;
      }
      if (row.hidden || Number(row.dataset.position) !== position || Number(row.dataset.generation) !== this.generation) {
        if (row === document.activeElement && position !== this.active) viewport.focus({ preventScroll: true });
        row.hidden = false;
        row.dataset.position = String(position);
        row.dataset.generation = String(this.generation);
        row.setAttribute('aria-rowindex', String(position + 2));
        row.style.transform = `translateY(${position * rowHeight}px)`;
        row.className = `vlist-row${this.rowClass ? ` ${this.rowClass(position)}` : ''}`;
        for (let c = 0; c < this.columns.length; c++) this.renderCell(row.children[c], position, this.columns[c]);
      }
      const active = position === this.active;
      row.tabIndex = active ? 0 : -1;
      row.classList.toggle('active', active);
      if (active) row.setAttribute('aria-selected', 'true'); else row.removeAttribute('aria-selected');
      focusable ||= active;
    }
    // One tab stop even when the active row is scrolled away: the first row in view takes it.
    if (!focusable) {
      const firstShown = this.pool.find((row) => !row.hidden);
      if (firstShown) firstShown.tabIndex = 0;
    }
    if (hadFocus && document.activeElement === document.body) viewport.focus({ preventScroll: true });
  }
}
