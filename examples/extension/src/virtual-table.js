// A <table> that draws only the rows in view (issue 19, item 17): 50,000 entries cost ~40 <tr>,
// not 50,000. The table sits in a scrolling box; padding above and below the table stands for
// the rows not drawn, so the scrollbar is as long as all of them. Rows have one fixed height.

const OVERSCAN = 8;

/**
 * @example
 * const rows = new VirtualTable(document.querySelector('#entries-box'), { rowHeight: 26, renderRow: (n) => rowFor(entries[n]) });
 * rows.setRowCount(entries.length);
 */
export class VirtualTable {
  constructor(box, { rowHeight = 26, renderRow }) {
    this.box = box;
    this.sizer = box.querySelector('.sizer');
    this.body = box.querySelector('tbody');
    this.rowHeight = rowHeight;
    this.renderRow = renderRow;
    this.count = 0;
    this.frame = 0;
    this.drawn = '';
    box.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(box);
  }

  /** The number of rows (after a filter or sort): back to the top, drawn again; `keepScroll` when rows were only added (results streaming in). */
  setRowCount(count, { keepScroll = false } = {}) {
    this.count = count;
    if (!keepScroll) this.box.scrollTop = 0;
    this.drawn = '';
    this.draw();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  draw() {
    const height = this.box.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.box.scrollTop / this.rowHeight) - OVERSCAN);
    const last = Math.min(this.count, first + Math.ceil(height / this.rowHeight) + 2 * OVERSCAN);
    const key = `${first}:${last}`;
    if (key === this.drawn) return;
    this.drawn = key;
    this.sizer.style.paddingTop = `${first * this.rowHeight}px`;
    this.sizer.style.paddingBottom = `${(this.count - last) * this.rowHeight}px`;
    const rows = [];
    for (let n = first; n < last; n++) {
      const row = this.renderRow(n);
      row.dataset.position = String(n);
      rows.push(row);
    }
    this.body.replaceChildren(...rows);
  }
}
