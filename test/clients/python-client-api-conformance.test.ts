import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveApiDocument } from '../../src/serve/serve-api-document.js';
import { serveEndpoints } from '../../src/serve/serve-endpoints.js';
import { projectRoot } from '../support/shared-data.js';

// The Python client's TypedDicts against the service's own schemas (the OpenAPI document, generated from the zod
// schemas that check the requests): the same keys, the same required ones, down every nested TypedDict. A field added
// to or renamed in the service fails here until the client follows. Debian's python3 (for typing.is_typeddict).
const python = '/usr/bin/python3';
const hasPython = existsSync(python);
if (!hasPython) console.warn(`skipping the Python client's schema check: ${python} is absent (Debian's python3)`);

type Schema = Record<string, unknown>;
const document = serveApiDocument(serveEndpoints, '0') as { paths: Record<string, Record<string, Schema>> };
const operation = (path: string, method: string) =>
  document.paths[path]![method] as {
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  };
const answer = (path: string, method: string, status = '200') =>
  operation(path, method).responses[status]!.content!['application/json']!.schema;
const body = (path: string, method: string) => operation(path, method).requestBody!.content['application/json']!.schema;

// [TypedDict, schema, keys only]: a summary's `spec` is the run spec with the service's defaults filled in, so there
// only its keys are compared (the client types it as what create_run sends); `admit` needs plan and code, while the
// client's Node is the looser node observe takes.
const pairs: [string, Schema, boolean][] = [
  ['Health', answer('/health', 'get'), false],
  ['_RunList', answer('/runs', 'get'), false],
  ['RunSummary', answer('/runs', 'post', '201'), false],
  ['RunSummary', answer('/runs/{id}', 'get'), false],
  ['RunSummary', answer('/runs/{id}', 'delete'), false],
  ['RunSpec', body('/runs', 'post'), false],
  ['Node', body('/runs/{id}/admit', 'post'), true],
  ['Admission', answer('/runs/{id}/admit', 'post'), false],
  ['_Observation', body('/runs/{id}/observe', 'post'), false],
  ['_SelectionRequest', body('/runs/{id}/select', 'post'), false],
  ['Selection', answer('/runs/{id}/select', 'post'), false],
];

const checker = String.raw`
import json, sys, typing
sys.path.insert(0, sys.argv[1])
import boden_client

def unwrap(schema):
    if "anyOf" in schema:
        rest = [s for s in schema["anyOf"] if s.get("type") != "null"]
        if len(rest) == 1:
            return unwrap(rest[0])
    return schema

def nested(hint):
    """(TypedDict, is_list) of a field's type, or None."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) is typing.Union and len(args) == 1:
        hint = args[0]
    if typing.is_typeddict(hint):
        return hint, False
    if typing.get_origin(hint) is list:
        item = typing.get_args(hint)[0]
        if typing.is_typeddict(item):
            return item, True
    return None

def check(td, schema, path, keys_only, problems):
    schema = unwrap(schema)
    properties = schema.get("properties", {})
    keys = set(td.__required_keys__) | set(td.__optional_keys__)
    if keys != set(properties):
        problems.append(f"{path}: only in the client {sorted(keys - set(properties))}, only in the service {sorted(set(properties) - keys)}")
    if not keys_only and set(td.__required_keys__) != set(schema.get("required", [])) & keys:
        problems.append(f"{path}: required in the client {sorted(td.__required_keys__)}, in the service {sorted(schema.get('required', []))}")
    hints = typing.get_type_hints(td)
    for key in sorted(keys & set(properties)):
        inner = nested(hints[key])
        if inner is None:
            continue
        child, is_list = inner
        sub = unwrap(properties[key])
        if is_list:
            sub = unwrap(sub.get("items", {}))
        check(child, sub, f"{path}.{key}", keys_only or key == "spec", problems)

problems = []
for name, schema, keys_only in json.load(sys.stdin):
    check(getattr(boden_client, name), schema, name, keys_only, problems)
print(json.dumps(problems))
`;

describe.skipIf(!hasPython)("the Python client's TypedDicts", () => {
  it("have the keys (and required keys) of the service's request and answer schemas", () => {
    const run = spawnSync(python, ['-c', checker, join(projectRoot, 'clients', 'python')], {
      encoding: 'utf8',
      input: JSON.stringify(pairs),
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it("name the OpenAPI document's top-level parts", () => {
    const run = spawnSync(
      python,
      [
        '-c',
        'import json, sys\nsys.path.insert(0, sys.argv[1])\nimport boden_client\nprint(json.dumps(sorted(boden_client.OpenApiDocument.__required_keys__)))',
        join(projectRoot, 'clients', 'python'),
      ],
      { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(Object.keys(document).sort());
  });
});
