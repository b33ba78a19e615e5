// The page's status: the message line under the top bar (what is being read, what failed) and
// `body[data-state]` (starting, loading, validating, ready, error), which the styles and the
// viewer's tests and benchmark wait on instead of sleeping.

/**
 * Shows `text` (a string, an element, or an array of them) in the message line; '' hides it.
 * `tone` is 'info' or 'error'.
 *
 * @example
 * say([h('strong', {}, 'Could not open x.xml. '), error.message], 'error');
 */
export function say(text, tone = 'info') {
  const message = document.getElementById('message');
  message.className = `status-message ${tone}`;
  message.replaceChildren(...(Array.isArray(text) ? text : [text]));
  message.hidden = !text;
}

/**
 * Sets what the page is doing (`body[data-state]`).
 *
 * @example
 * setPageState('validating');
 */
export function setPageState(state) {
  document.body.dataset.state = state;
}
