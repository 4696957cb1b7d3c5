// 简体中文：every key of the English table in i18n.js (words/zh/ mirrors words/en/ file for file),
// with the same {parameters}.
// (tests/browser/i18n.test.mjs fails when a key or a parameter is missing here.) The core's
// messages come from the catalog the Rust core reads too (core-messages-zh.js): the key `core.<code>`.

import coreChinese from './core-messages-zh.js';
import walkthrough from './zh/walkthrough.js';
import run from './zh/run.js';
import requests from './zh/requests.js';
import scenarios from './zh/scenarios.js';
import algorithms from './zh/algorithms.js';
import compare from './zh/compare.js';
import classroom from './zh/classroom.js';
import sharing from './zh/sharing.js';

export const zh = { ...walkthrough, ...run, ...requests, ...scenarios, ...algorithms, ...compare, ...classroom, ...sharing };

for (const [code, template] of Object.entries(coreChinese)) zh[`core.${code}`] = template;
