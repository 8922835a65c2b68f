export { findPython, defaultPythonPackages, type FindPythonOptions } from './find-python.js';
export { HeadTailBuffer } from './head-tail-buffer.js';
export { PythonNotFoundError, type PythonTried } from './python-not-found-error.js';
export { createPythonSandbox, type PythonSandbox, type SandboxRun } from './python-sandbox.js';
export { PythonSandboxOptionsSchema, type PythonSandboxOptions, type PythonSandboxSettings } from './python-sandbox-options.js';
export type { SandboxIsolation } from './sandbox-isolation.js';
export type { SandboxResult, SandboxStatus } from './sandbox-result.js';
export { SandboxStartError } from './sandbox-start-error.js';
