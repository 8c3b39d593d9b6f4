#!/usr/bin/env node
// Reference oracle: answers translation queries exactly as i18next 22.4.8 does.
//
// stdin : ONE scenario document
//   {"resources": {lng: {ns: {...}}},
//    "init":      {...extra i18next.init options...},
//    "queries":   [{"lng": "ru", "key": "files", "options": {...t() options...}}]}
//   (other top-level fields such as "name"/"description" are ignored)
//   For convenience a JSON *array* of such documents is also accepted; the
//   output is then an array of per-document result arrays.
// stdout: JSON array, one entry per query:
//   {"text": getFixedT(lng)(key, options), "exists": exists(key, {lng, ...options})}
//   When t() returns something that is not a string, "textType" (typeof) is
//   added; undefined is printed as null with textType "undefined".
//
// Defaults applied by the oracle (only when absent from "init"):
//   lng:  "en"                          (i18next's current language; shows up in
//                                        the "returned an object" message)
//   ns:   all namespaces present in resources (first-seen order)
//   fallbackLng: i18next's own default ("dev") unless given
// Always forced: initImmediate:false, resources from stdin, no backend/detector.
'use strict';

const DEBIAN_NODE_ROOT = '/usr/share/nodejs';

function loadI18next() {
  // Debian's i18next (dist/cjs) requires @babel/runtime, which Debian ships in
  // /usr/share/nodejs too; Node only searches there when NODE_PATH says so.
  // Make it work with no environment set.
  const Module = require('module');
  const paths = (process.env.NODE_PATH || '').split(require('path').delimiter).filter(Boolean);
  if (!paths.includes(DEBIAN_NODE_ROOT)) {
    process.env.NODE_PATH = paths.concat([DEBIAN_NODE_ROOT]).join(require('path').delimiter);
    Module._initPaths();
  }
  let lib;
  let pkg = null;
  try {
    lib = require(DEBIAN_NODE_ROOT + '/i18next');
    pkg = require(DEBIAN_NODE_ROOT + '/i18next/package.json');
  } catch (e) {
    lib = require('i18next');
    try { pkg = require('i18next/package.json'); } catch (e2) { /* version unknown */ }
  }
  if (!pkg || pkg.version !== '22.4.8') {
    process.stderr.write(`oracle.js: warning: expected i18next 22.4.8, got ${pkg ? pkg.version : 'unknown'}\n`);
  }
  return lib && lib.default && lib.default.createInstance ? lib.default : lib;
}

function readStdin() {
  const fs = require('fs');
  const chunks = [];
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n;
    try {
      n = fs.readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

function namespacesOf(resources) {
  const seen = [];
  for (const lng of Object.keys(resources || {})) {
    for (const ns of Object.keys(resources[lng] || {})) {
      if (!seen.includes(ns)) seen.push(ns);
    }
  }
  return seen;
}

function runDocument(i18next, doc) {
  const resources = clone(doc.resources || {});
  const init = clone(doc.init || {});
  const options = Object.assign({}, init, {
    resources,
    initImmediate: false,
  });
  if (options.lng === undefined) options.lng = 'en';
  if (options.ns === undefined) {
    const ns = namespacesOf(resources);
    if (ns.length) options.ns = ns;
  }
  // A fresh instance per document: nothing leaks between scenarios.
  const inst = i18next.createInstance();
  let initError = null;
  inst.init(options, (err) => { initError = err || null; });
  if (!inst.isInitialized) throw new Error('i18next did not initialise synchronously');
  if (initError) throw new Error('i18next init error: ' + JSON.stringify(initError));

  return (doc.queries || []).map((q) => {
    const lng = q.lng !== undefined ? q.lng : options.lng;
    const tOptions = clone(q.options || {});
    const t = inst.getFixedT(lng);
    const text = t(q.key, clone(tOptions));
    const exists = inst.exists(q.key, Object.assign({ lng }, clone(tOptions)));
    const out = { text: text === undefined ? null : text, exists: !!exists };
    if (typeof text !== 'string') out.textType = text === null ? 'null' : typeof text;
    return out;
  });
}

function main() {
  const i18next = loadI18next();
  const input = JSON.parse(readStdin());
  const result = Array.isArray(input)
    ? input.map((doc) => runDocument(i18next, doc))
    : runDocument(i18next, input);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

main();
