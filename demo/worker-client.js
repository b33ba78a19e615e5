// The page's side of the worker (worker.js): one request, one promise.

/**
 * An error the worker reported (`reason` says what kind of fetch failure, if any).
 *
 * @example
 * try { await worker.request('open', { source }); } catch (error) { if (error.reason === 'cors') explainCors(); }
 */
export class WorkerError extends Error {
  constructor({ message, name, reason, code }) {
    super(message);
    this.name = name || 'WorkerError';
    this.reason = reason;
    this.code = code;
  }
}

/**
 * @example
 * const worker = new ViewerWorker();
 * const opened = await worker.request('open', { source: { type: 'file', file } });
 */
export class ViewerWorker {
  constructor() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'sitemapkit viewer' });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = ({ data }) => {
      const pending = this.pending.get(data.requestId);
      if (!pending) return;
      if ('partial' in data) { pending.onPartial?.(data.partial); return; }
      this.pending.delete(data.requestId);
      if (data.error) pending.reject(new WorkerError(data.error)); else pending.resolve(data.result);
    };
    this.worker.onerror = (event) => {
      // A worker that fails to load (a missing build, a syntax error) fails every request.
      const error = new WorkerError({ message: `The viewer's worker failed: ${event.message || 'it could not be loaded (is the package built?)'}` });
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      this.failure = error;
    };
  }

  /** `onPartial` receives early answers (the table, before validation) of requests that send them. */
  request(type, payload = {}, { transfer = [], onPartial } = {}) {
    if (this.failure) return Promise.reject(this.failure);
    const requestId = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject, onPartial });
      this.worker.postMessage({ ...payload, requestId, type }, transfer);
    });
  }
}
