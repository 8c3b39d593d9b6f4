#!/usr/bin/env node
// Diagnostic: prints the exact (lng, ns, key) candidates i18next 22.4.8 looks up
// for a few representative t() calls, by wrapping ResourceStore.getResource.
// Usage: node Tests/reference/i18next/probe_keys.js
'use strict';
const Module = require('module');
process.env.NODE_PATH = '/usr/share/nodejs';
Module._initPaths();
const i18next = require('/usr/share/nodejs/i18next');

const inst = i18next.createInstance();
inst.init({
  lng: 'en', initImmediate: false, ns: ['common', 'app'], defaultNS: 'common',
  fallbackNS: 'app',
  fallbackLng: { 'de-CH': ['de'], default: ['en'] },
  resources: { en: { common: {}, app: {} }, de: { common: {} }, ru: { common: {} } },
});
const log = [];
const orig = inst.store.getResource.bind(inst.store);
// (getResource(lng, ns) without a key comes from hasLoadedNamespace: not a lookup)
inst.store.getResource = (lng, ns, key, opts) => {
  if (key !== undefined) log.push(`${lng}/${ns}/${key}`);
  return orig(lng, ns, key, opts);
};

const calls = [
  ['ru', 'k', { count: 0, context: 'male' }],
  ['ru', 'k', { count: 5, context: 'male' }],
  ['en', 'k', { count: 2, context: 'male', ordinal: true }],
  ['en', 'k', { count: 0, ordinal: true }],
  ['de-CH', 'k', { count: 1 }],
  ['de-AT', 'k', {}],
  ['en', 'k', { count: '3' }],
  ['en', 'k', { context: '' }],
];
for (const [lng, key, opts] of calls) {
  log.length = 0;
  // Translator.resolve is what t() calls first; t() calls it a second time with
  // keySeparator:false when the key is missing (flat-JSON warning check).
  inst.translator.resolve(key, Object.assign({ lng }, opts));
  console.log(`${lng} resolve(${JSON.stringify(key)}, ${JSON.stringify(opts)})\n    ${log.join('\n    ')}`);
}

// compatibilityJSON v3: legacy suffix tables (createRules/getSuffixRetroCompatible)
const v3 = i18next.createInstance();
v3.init({ lng: 'en', initImmediate: false, compatibilityJSON: 'v3', fallbackLng: false,
  resources: { en: { translation: {} } } });
const pr = v3.services.pluralResolver;
console.log('\ncompatibilityJSON v3 suffixes (PluralResolver.getSuffix):');
for (const lng of ['en', 'de', 'ru', 'pl', 'ar', 'ja']) {
  const row = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1.5, 101, 102].map((n) => `${n}:${JSON.stringify(pr.getSuffix(lng, n))}`);
  console.log(`  ${lng}  ${row.join(' ')}`);
}
console.log('v4 (Intl.PluralRules) suffixes, cardinal | ordinal:');
for (const lng of ['en', 'de', 'ru', 'pl', 'ar', 'ja']) {
  const p4 = inst.services.pluralResolver;
  const nums = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1.5];
  console.log(`  ${lng}  ${nums.map((n) => `${n}:${p4.getSuffix(lng, n)}`).join(' ')}`);
  console.log(`      ${nums.map((n) => `${n}:${p4.getSuffix(lng, n, { ordinal: true })}`).join(' ')}`);
}
