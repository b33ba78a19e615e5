// What `import x from '../file.wasm?module'` gives in the Workers and edge bundlers that read it
// (wrangler, Next.js): a compiled WebAssembly.Module. Only src/core/core-binary.edge.ts imports one.
declare module '*.wasm?module' {
  const compiled: WebAssembly.Module;
  export default compiled;
}
