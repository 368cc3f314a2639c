/**
 * The office request contract's schemas, asked for when a check or a call needs them: zod builds
 * every schema of a module as the module is evaluated, and evaluated with the form's code that is
 * one long task between the page's first paint and the form's hydration. The form asks for them
 * once it has hydrated and the main thread is idle, so the first check does not wait for the network.
 */
export const officeRequestContract = () => import('@portal/contracts/office-request');
