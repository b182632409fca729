// The mocha globals the block tests use (wtr runs them with mocha; @types/mocha is not a dependency).
declare function describe(title: string, fn: (this: unknown) => void): void;
declare function it(title: string, fn: (this: unknown) => void | Promise<unknown>): void;
declare function before(fn: () => void | Promise<unknown>): void;
declare function after(fn: () => void | Promise<unknown>): void;
declare function beforeEach(fn: () => void | Promise<unknown>): void;
declare function afterEach(fn: () => void | Promise<unknown>): void;
