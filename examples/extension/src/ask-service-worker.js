// The extension pages' side of the chrome.runtime messaging with the service worker
// (service-worker.js): one request, one answer, errors turned back into exceptions.

/**
 * Sends `{ type, ...fields }` to the service worker and resolves with its answer.
 *
 * @example
 * const { sitemaps } = await askServiceWorker('discover', { pageUrl: 'https://example.com/' });
 */
export async function askServiceWorker(type, fields = {}) {
  const reply = await chrome.runtime.sendMessage({ type, ...fields });
  if (!reply) throw new Error(`The service worker did not answer "${type}"`);
  if (!reply.ok) throw new Error(reply.error);
  return reply.answer;
}
