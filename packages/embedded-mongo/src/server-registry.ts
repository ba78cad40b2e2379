// Lets tests and tooling reach the engine behind a running server without widening the public API.
import type { Engine } from './engine.js';

const engines = new WeakMap<object, Engine>();

export function registerEngine(server: object, engine: Engine): void {
  engines.set(server, engine);
}

export function engineOf(server: object): Engine | undefined {
  return engines.get(server);
}
