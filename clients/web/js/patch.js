// RFC 6902 JSON Patch (what the server's json::diff produces: add, remove, replace; the rest
// for completeness). Returns a new document and never changes the one given. Throws when an
// operation does not apply, which the tracker treats like a hash mismatch.

function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

function parsePointer(path) {
  if (path === '') return [];
  if (path[0] !== '/') throw new Error(`bad pointer ${path}`);
  return path.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad array index ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`index ${i} out of range`);
  return i;
}

// The parent container and the last token of `path` inside `doc`.
function locate(doc, path) {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return { parent: null, key: null };
  let node = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, t)) node = node[t];
    else throw new Error(`no such path ${path}`);
    if (node === null || typeof node !== 'object') throw new Error(`no such path ${path}`);
  }
  return { parent: node, key: tokens[tokens.length - 1] };
}

function get(doc, path) {
  const { parent, key } = locate(doc, path);
  if (parent === null) return doc;
  if (Array.isArray(parent)) return parent[arrayIndex(parent, key, false)];
  if (!Object.prototype.hasOwnProperty.call(parent, key)) throw new Error(`no such path ${path}`);
  return parent[key];
}

function add(doc, path, value) {
  const { parent, key } = locate(doc, path);
  if (parent === null) return value;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc, path) {
  const { parent, key } = locate(doc, path);
  if (parent === null) throw new Error('cannot remove the whole document');
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (Object.prototype.hasOwnProperty.call(parent, key)) delete parent[key];
  else throw new Error(`no such path ${path}`);
  return doc;
}

function replace(doc, path, value) {
  const { parent, key } = locate(doc, path);
  if (parent === null) return value;
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else if (Object.prototype.hasOwnProperty.call(parent, key)) parent[key] = value;
  else throw new Error(`no such path ${path}`);
  return doc;
}

export function applyPatch(document, patch) {
  if (!Array.isArray(patch)) throw new Error('the patch is not a list');
  let doc = clone(document);
  for (const op of patch) {
    if (op === null || typeof op !== 'object' || typeof op.path !== 'string') throw new Error('bad operation');
    switch (op.op) {
      case 'add': doc = add(doc, op.path, clone(op.value)); break;
      case 'remove': doc = remove(doc, op.path); break;
      case 'replace': doc = replace(doc, op.path, clone(op.value)); break;
      case 'move': { const v = get(doc, op.from); doc = add(remove(doc, op.from), op.path, v); break; }
      case 'copy': doc = add(doc, op.path, clone(get(doc, op.from))); break;
      case 'test':
        if (JSON.stringify(get(doc, op.path)) !== JSON.stringify(op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default: throw new Error(`unknown op ${op.op}`);
    }
  }
  return doc;
}
