// Setup of the 'server' vitest project (node environment). The server suites build
// their own databases through tests/server/harness.ts; nothing global is needed here.
export {};
