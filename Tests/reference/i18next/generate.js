#!/usr/bin/env node
// Builds queries.json from catalog/ and expected.json by running oracle.js
// once per scenario (a child `node oracle.js` process fed the scenario on stdin).
//
//   node Tests/reference/i18next/generate.js           # rewrite queries.json + expected.json
//   node Tests/reference/i18next/generate.js --check   # rerun oracle.js, compare with expected.json
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const HERE = __dirname;
const CATALOG = path.join(HERE, 'catalog');

function loadCatalog(name) {
  const root = path.join(CATALOG, name);
  const out = {};
  for (const lng of fs.readdirSync(root).sort()) {
    out[lng] = {};
    for (const file of fs.readdirSync(path.join(root, lng)).sort()) {
      if (!file.endsWith('.json')) continue;
      out[lng][file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(root, lng, file), 'utf8'));
    }
  }
  return out;
}

const LNGS = ['en', 'de', 'ru', 'ar', 'ja', 'pl'];
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1.5];
const ODD_COUNTS = ['3', -1, null];
const VARS = {
  name: '<b>Ann & "Bob" O\'Neil/Jr</b>',
  quote: '<i>it\'s "fine"</i> & done',
  dir: 'a/b',
  file: 'c.txt',
  price: '$& 5$$',
  user: { address: { city: 'Zürich <1>' } },
  n: 3,
};

const q = (lng, key, options) => (options === undefined ? { lng, key } : { lng, key, options });
const main = loadCatalog('main');
const scenarios = [];

// ---------------------------------------------------------------- main (v4)
{
  const queries = [];
  // cardinal plurals (with and without _zero, missing categories, base keys)
  for (const key of ['file', 'message', 'book', 'day', 'total', 'apple']) {
    for (const lng of LNGS) {
      for (const count of COUNTS) queries.push(q(lng, key, { count }));
    }
  }
  for (const lng of ['en', 'ru', 'ar']) {
    for (const count of ODD_COUNTS) queries.push(q(lng, 'file', { count }));
    queries.push(q(lng, 'file'));
    queries.push(q(lng, 'file', { count: 0, ordinal: false }));
  }
  // context x plural
  for (const lng of LNGS) {
    for (const context of [undefined, 'male', 'female', 'unknown', '']) {
      const base = context === undefined ? {} : { context };
      queries.push(q(lng, 'friend', base));
      for (const count of COUNTS) queries.push(q(lng, 'friend', Object.assign({ count }, base)));
    }
  }
  queries.push(q('en', 'friend', { context: 'male', count: 0, ordinal: true }));
  // ordinals
  for (const key of ['place', 'rank', 'apple']) {
    for (const lng of LNGS) {
      for (const count of COUNTS) queries.push(q(lng, key, { count, ordinal: true }));
    }
  }
  for (const count of COUNTS) queries.push(q('en', 'place', { count, ordinal: false }));
  // interpolation / escaping
  for (const lng of LNGS) queries.push(q(lng, 'greeting', { name: VARS.name }));
  for (const key of ['greeting', 'greeting_raw', 'greeting_spaced', 'rich', 'path', 'multi', 'price', 'deep_var']) {
    queries.push(q('en', key, VARS));
    queries.push(q('en', key, Object.assign({ interpolation: { escapeValue: false } }, VARS)));
  }
  queries.push(q('en', 'greeting', { name: 5 }));
  queries.push(q('en', 'greeting', { name: null }));
  queries.push(q('en', 'greeting', { name: true }));
  queries.push(q('en', 'greeting', { name: { first: 'x' } }));
  queries.push(q('en', 'greeting', {}));
  queries.push(q('en', 'greeting', { name: '$t(nav.home)' }));
  queries.push(q('en', 'greeting', { name: '{{name}}' }));
  queries.push(q('en', 'greeting', { replace: { name: 'via replace' } }));
  queries.push(q('en', 'unused_var', {}));
  queries.push(q('en', 'unused_var', { missing: null }));
  queries.push(q('en', 'unused_var', { missing: '' }));
  queries.push(q('en', 'total', { count: 7 }));
  queries.push(q('en', 'total', { count: '7' }));
  // nesting
  for (const key of ['nested_simple', 'nested_ns', 'nested_count', 'nested_single_quotes', 'nested_context',
    'nested_missing', 'nested_deep', 'nested_var']) {
    for (const lng of ['en', 'de', 'ru']) queries.push(q(lng, key, { name: VARS.name }));
  }
  for (const n of [1, 3]) queries.push(q('en', 'nested_count_var', { n }));
  for (const count of [0, 1, 5]) {
    for (const lng of ['en', 'ru', 'ja']) queries.push(q(lng, 'nested_inherit', { count }));
  }
  queries.push(q('en', 'nested_inherit', {}));
  // namespaces
  for (const lng of LNGS) {
    for (const key of ['app:title', 'app:menu.open', 'app:menu.quit', 'app:app_only', 'app:back', 'app_only', 'app:missing']) {
      queries.push(q(lng, key, { name: 'Ann' }));
    }
    queries.push(q(lng, 'title', { ns: 'app' }));
    queries.push(q(lng, 'menu.open', { ns: 'app' }));
  }
  // key shapes, fallback, special values
  const plainKeys = ['welcome', 'en_only', 'subtitle', 'nulled', 'street', 'nav.home', 'nav.settings.title',
    'nav.settings.privacy', 'nav.about', 'dotted.key', 'a.b.c', 'a.b', 'Save changes?', 'Note: read this',
    'empty', 'nullval', 'number', 'bool', 'list', 'list.0', 'list.1', 'list.5', 'obj', 'obj.b', 'nav',
    'nav.settings', 'nav.home.x', 'missing.key', 'missing', 'greeting.name'];
  for (const lng of LNGS) {
    for (const key of plainKeys) queries.push(q(lng, key));
  }
  for (const lng of ['de-CH', 'de-AT', 'fr', 'ru-RU']) {
    for (const key of ['street', 'welcome', 'en_only', 'subtitle']) queries.push(q(lng, key));
    queries.push(q(lng, 'file', { count: 1 }));
    queries.push(q(lng, 'file', { count: 5 }));
  }
  // per-call object/array options and defaults
  for (const lng of ['en', 'de']) {
    queries.push(q(lng, 'list', { returnObjects: true, name: 'Ann' }));
    queries.push(q(lng, 'list', { joinArrays: ' + ', name: 'Ann' }));
    queries.push(q(lng, 'obj', { returnObjects: true, name: 'Ann' }));
    queries.push(q(lng, 'nav', { returnObjects: true }));
  }
  queries.push(q('en', 'missing', { defaultValue: 'Default {{name}}', name: 'Ann' }));
  queries.push(q('en', 'missing', { count: 2, defaultValue: 'dv', defaultValue_other: 'dv other {{count}}' }));
  queries.push(q('en', 'missing', { count: 2 }));
  queries.push(q('en', 'missing', { context: 'male', count: 2 }));
  queries.push(q('en', 'file', { count: 2, lng: 'de' }));
  scenarios.push({
    name: 'main_v4',
    description: 'v4 catalog, fallbackLng "en", defaultNS "common", default escaping',
    resources: main,
    init: { fallbackLng: 'en', defaultNS: 'common' },
    queries,
  });
}

// ---------------------------------------------------------------- escape off
{
  const queries = [];
  for (const key of ['greeting', 'greeting_raw', 'rich', 'path', 'price', 'nested_var']) {
    queries.push(q('en', key, VARS));
    queries.push(q('en', key, Object.assign({ interpolation: { escapeValue: true } }, VARS)));
  }
  queries.push(q('en', 'list', Object.assign({ returnObjects: true }, VARS)));
  scenarios.push({
    name: 'escape_off',
    description: 'init interpolation.escapeValue=false (per-call escapeValue:true re-enables)',
    resources: main,
    init: { fallbackLng: 'en', defaultNS: 'common', interpolation: { escapeValue: false } },
    queries,
  });
}

// ---------------------------------------------------------------- object fallbackLng + fallbackNS
{
  const queries = [];
  for (const lng of ['de-CH', 'de-AT', 'de', 'ru', 'ja', 'pl', 'fr', 'en']) {
    for (const key of ['street', 'welcome', 'en_only', 'app_only', 'title', 'nav.settings.title', 'missing']) {
      queries.push(q(lng, key));
    }
    for (const count of [1, 2, 5]) queries.push(q(lng, 'file', { count }));
  }
  scenarios.push({
    name: 'fallback_object',
    description: 'fallbackLng {"de-CH":["de"],"default":["en"]}, fallbackNS "app"',
    resources: main,
    init: { fallbackLng: { 'de-CH': ['de'], default: ['en'] }, defaultNS: 'common', fallbackNS: 'app' },
    queries,
  });
}

// ---------------------------------------------------------------- array fallbackLng
{
  const queries = [];
  for (const lng of ['ja', 'pl', 'de-CH']) {
    for (const key of ['welcome', 'en_only', 'street', 'nav.settings.privacy']) queries.push(q(lng, key));
    for (const count of [1, 5]) queries.push(q(lng, 'message', { count }));
  }
  scenarios.push({
    name: 'fallback_array',
    description: 'fallbackLng ["ru","en"]',
    resources: main,
    init: { fallbackLng: ['ru', 'en'], defaultNS: 'common' },
    queries,
  });
}

// ---------------------------------------------------------------- no fallback / library defaults
for (const [name, init, description] of [
  ['no_fallback', { fallbackLng: false, defaultNS: 'common' }, 'fallbackLng false'],
  ['library_defaults', {}, 'no init options: fallbackLng is i18next default "dev"; defaultNS becomes ns[0]="common" because the oracle passes ns from resources'],
]) {
  const queries = [];
  for (const lng of ['en', 'ru', 'ja']) {
    for (const key of ['welcome', 'en_only', 'common:welcome', 'missing']) queries.push(q(lng, key));
    for (const count of [0, 1, 5]) queries.push(q(lng, 'message', { count }));
  }
  scenarios.push({ name, description, resources: main, init, queries });
}

// ---------------------------------------------------------------- returnNull / returnEmptyString false
{
  const queries = [];
  for (const lng of ['en', 'de', 'ru']) {
    for (const key of ['subtitle', 'nulled', 'empty', 'nullval']) queries.push(q(lng, key));
  }
  scenarios.push({
    name: 'strict_empty_null',
    description: 'returnEmptyString false, returnNull false (v22 defaults are both true)',
    resources: main,
    init: { fallbackLng: 'en', defaultNS: 'common', returnEmptyString: false, returnNull: false },
    queries,
  });
}

// ---------------------------------------------------------------- returnObjects / joinArrays at init
for (const [name, init] of [
  ['return_objects', { returnObjects: true }],
  ['join_arrays', { joinArrays: '\n' }],
]) {
  const queries = [];
  for (const lng of ['en', 'de', 'ru']) {
    for (const key of ['list', 'obj', 'nav', 'nav.settings', 'app:menu', 'welcome']) {
      queries.push(q(lng, key, { name: 'Ann' }));
    }
  }
  scenarios.push({
    name,
    description: JSON.stringify(init),
    resources: main,
    init: Object.assign({ fallbackLng: 'en', defaultNS: 'common' }, init),
    queries,
  });
}

// ---------------------------------------------------------------- explicit separators (natural-language key detection off)
{
  const queries = [];
  for (const key of ['Note: read this', 'Save changes?', 'dotted.key', 'nav.about', 'nav.home', 'app:title']) {
    queries.push(q('en', key));
  }
  scenarios.push({
    name: 'explicit_separators',
    description: 'keySeparator "." and nsSeparator ":" passed explicitly (same values as defaults)',
    resources: main,
    init: { fallbackLng: 'en', defaultNS: 'common', keySeparator: '.', nsSeparator: ':' },
    queries,
  });
}

// ---------------------------------------------------------------- flat catalogs
const flat = loadCatalog('flat');
for (const [name, init] of [
  ['flat_keysep_false', { keySeparator: false }],
  ['flat_both_false', { keySeparator: false, nsSeparator: false }],
]) {
  const queries = [];
  for (const key of ['nav.home', 'a.b.c', 'Save changes?', 'Note: read this', 'app:title', 'nested.x', 'nested',
    'with space.and dot', 'ref', 'missing.key']) {
    queries.push(q('en', key));
  }
  for (const count of [0, 1, 2]) queries.push(q('en', 'file', { count }));
  queries.push(q('en', 'title', { ns: 'app' }));
  scenarios.push({
    name,
    description: JSON.stringify(init),
    resources: flat,
    init: Object.assign({ fallbackLng: 'en', defaultNS: 'common' }, init),
    queries,
  });
}

// ---------------------------------------------------------------- compatibilityJSON v3
{
  const v3 = loadCatalog('v3');
  const queries = [];
  for (const lng of LNGS) {
    for (const count of COUNTS) queries.push(q(lng, 'file', { count }));
    for (const count of [0, 1, 2]) queries.push(q(lng, 'item', { count }));
    for (const count of [1, 2, 5]) queries.push(q(lng, 'friend', { count, context: 'male' }));
    queries.push(q(lng, 'en_only'));
  }
  for (const count of [1, 2, 3]) queries.push(q('en', 'place', { count, ordinal: true }));
  scenarios.push({
    name: 'compat_v3',
    description: 'compatibilityJSON "v3": _plural / _0.._5 suffixes, no _zero, fallbackLng "en"',
    resources: v3,
    init: { fallbackLng: 'en', compatibilityJSON: 'v3' },
    queries,
  });
}

// ---------------------------------------------------------------- run
function runOracle(doc) {
  const r = spawnSync(process.execPath, [path.join(HERE, 'oracle.js')], {
    input: JSON.stringify(doc),
    encoding: 'utf8',
    env: {},
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`oracle.js failed for ${doc.name}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const check = process.argv.includes('--check');
if (check) {
  const stored = JSON.parse(fs.readFileSync(path.join(HERE, 'queries.json'), 'utf8'));
  const expected = JSON.parse(fs.readFileSync(path.join(HERE, 'expected.json'), 'utf8'));
  let bad = 0;
  stored.forEach((doc, i) => {
    const got = runOracle(doc);
    if (JSON.stringify(got) !== JSON.stringify(expected[i].results)) {
      bad++;
      console.error(`mismatch in scenario ${doc.name}`);
    }
  });
  if (JSON.stringify(stored) !== JSON.stringify(scenarios)) console.error('note: queries.json differs from what generate.js would build');
  console.log(bad ? `${bad} scenario(s) differ` : `all ${stored.length} scenarios match`);
  process.exit(bad ? 1 : 0);
}

fs.writeFileSync(path.join(HERE, 'queries.json'), JSON.stringify(scenarios, null, 1) + '\n');
const expected = scenarios.map((doc) => ({ name: doc.name, results: runOracle(doc) }));
fs.writeFileSync(path.join(HERE, 'expected.json'), JSON.stringify(expected, null, 1) + '\n');
let total = 0;
for (const e of expected) total += e.results.length;
console.log(`${scenarios.length} scenarios, ${total} queries`);
