/**
 * The fetch function the llm layer is given instead of using the global one: the composition
 * root passes `globalThis.fetch.bind(globalThis)`, tests pass fakes.
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
