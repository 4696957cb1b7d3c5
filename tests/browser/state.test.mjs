// The one codec between what a user sets and the URL hash (www/state/state.js), in Node: what the page,
// the comparison and their links to each other write and read back.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DEFAULT_OPTIONS } from '../../www/engine.js';
import { CHAPTERS, chapterState } from '../../www/classroom/lessons.js';
import {
  DEFAULT_ALGOS, attributesOf, decodeAttributes, decodeState, encodeState, hashOf, positionOf, urlPosition,
} from '../../www/state/state.js';

const hash = (text) => new Map(new URLSearchParams(text).entries());

test('an empty hash is the defaults; the comparison has its own weights', () => {
  assert.deepEqual(decodeState(new Map()), {
    weights: '5,3,2', t: 0, phase: null, refused: {}, speed: 1, options: { ...DEFAULT_OPTIONS }, steps: null, window: null, theme: 'auto', algos: null,
  });
  assert.deepEqual(Object.keys(DEFAULT_OPTIONS).slice(0, 5), ['algo', 'tie', 'subtract', 'seed', 'scenario']);
  assert.equal(decodeState(new Map(), { weights: '5,1,1' }).weights, '5,1,1');
});

test('every key is read; a bad step, speed or theme falls back and says why', () => {
  const state = decodeState(hash('w=gpu%3D5%20cpu%3D3&t=12&speed=300&algo=envoy&tie=last&subtract=own&seed=7&scenario=%403%20A%20down&steps=100&win=4&theme=dark&algos=swrr,edf'));
  assert.deepEqual(state, {
    weights: 'gpu=5 cpu=3', t: 12, phase: null, refused: {}, speed: 300,
    options: { ...DEFAULT_OPTIONS, algo: 'envoy', tie: 'last', subtract: 'own', seed: '7', scenario: '@3 A down' },
    steps: '100', window: '4', theme: 'dark', algos: 'swrr,edf',
  });
  const bad = decodeState(hash('t=3x&speed=7&theme=pink'));
  assert.deepEqual([bad.t, bad.speed, bad.theme], [0, 1, 'auto']);
  assert.deepEqual(bad.refused, { t: '3x', speed: '7', theme: 'pink' }, 'each says why: its text as written');
  // A phase not of a step under way and a zone neither on nor off: the step whole, no zone.
  const unclear = decodeState(hash('t=2&phase=later&zone=yes'));
  assert.deepEqual([unclear.t, unclear.phase, unclear.options.zone], [2, null, false]);
  assert.deepEqual(unclear.refused, { phase: 'later', zone: 'yes' });
  // `phase=drain` is the step whole; a zone with no value is on, as the element's attribute.
  const plain = decodeState(hash('t=2&phase=drain&zone'));
  assert.deepEqual([plain.phase, plain.options.zone, plain.refused], [null, true, {}]);
});

test('defaults are left out, other keys are kept in place, fields keep the order given', () => {
  const entries = encodeState(
    { weights: '5,3,2', t: 0, speed: 1, tie: 'last', algo: 'swrr', subtract: 'total', seed: '0', scenario: '', steps: null, window: 4, theme: 'auto', algos: DEFAULT_ALGOS },
    hash('lesson=2&w=1,1'),
  );
  assert.deepEqual([...entries], [
    ['lesson', '2'], ['w', '5,3,2'], ['t', ''], ['speed', ''], ['tie', 'last'], ['algo', ''], ['subtract', ''], ['seed', ''], ['scenario', ''],
    ['steps', ''], ['win', '4'], ['theme', ''], ['algos', ''],
  ]);
  assert.throws(() => encodeState({ colour: 'red' }, new Map()), /no URL key for colour/);
});

test('a link carries what differs from the defaults, spaces as %20, and reads back the same', () => {
  const link = hashOf({ weights: 'a=5 b=3', algo: 'grpc', tie: 'first', subtract: 'total', seed: '3', scenario: '@2 a down', t: 7 });
  assert.equal(link, '#w=a%3D5%20b%3D3&algo=grpc&seed=3&scenario=%402%20a%20down&t=7');
  const back = decodeState(hash(link.slice(1)));
  assert.deepEqual([back.weights, back.options.algo, back.options.seed, back.options.scenario, back.t], ['a=5 b=3', 'grpc', '3', '@2 a down', 7]);
  assert.equal(hashOf({ weights: '5,1,1', algos: ['swrr', 'grpc', 'envoy'] }), '#w=5%2C1%2C1&algos=swrr%2Cgrpc%2Cenvoy');
});

test('the element reads its attributes as the page reads a hash; a snippet writes them back', () => {
  const attributes = { weights: 'A=5 B=1', step: '7', algorithm: 'envoy', algo: 'edf', seed: '3', zone: 'true', speed: '2' };
  const state = decodeAttributes((name) => attributes[name] ?? null);
  assert.deepEqual(
    [state.weights, state.t, state.speed, state.options.algo, state.options.seed, state.options.zone, state.options.tie],
    ['A=5 B=1', 7, 2, 'envoy', '3', true, 'first'],
  );
  assert.equal(decodeAttributes((name) => (name === 'algo' ? 'edf' : null)).options.algo, 'edf', 'algo is the alias');
  assert.equal(decodeAttributes(() => null).weights, '5,3,2');
  assert.deepEqual(
    attributesOf({ weights: '5,3,2', t: 4, algo: 'swrr', tie: 'last', seed: '0', zone: true, workers: 1, speed: 1 }),
    [['weights', '5,3,2'], ['step', '4'], ['tie', 'last'], ['zone', 'true']],
  );
  assert.deepEqual(attributesOf({ algo: 'grpc', theme: 'auto' }), [['algorithm', 'grpc']]);
});

test('a lesson chapter is the state its link gives: what it names, every other option at its default', () => {
  const chapter = CHAPTERS.find((each) => each.id === 'random');
  const state = chapterState(chapter);
  assert.deepEqual([state.weights, state.t, state.options], ['5,3,2', 20, { ...DEFAULT_OPTIONS, algo: 'random', seed: '7' }]);
  assert.deepEqual(chapterState(CHAPTERS.find((each) => each.id === 'rules')).options, { ...DEFAULT_OPTIONS });
});

test('a step under way is its phase beside the steps done: t=4&phase=pick is step 5 at its pick', () => {
  // The walkthrough's positions and the URL's, both ways.
  const cases = [
    [{ t: 0, phase: 'start' }, { t: 0, phase: null }],
    [{ t: 1, phase: 'fill' }, { t: 0, phase: 'fill' }],
    [{ t: 5, phase: 'pick' }, { t: 4, phase: 'pick' }],
    [{ t: 5, phase: 'drain' }, { t: 5, phase: null }],
  ];
  for (const [position, url] of cases) {
    assert.deepEqual(urlPosition(position), url);
    assert.deepEqual(positionOf(url), position);
  }
  const link = hashOf({ weights: '5,3,2', t: 4, phase: 'pick' });
  assert.equal(link, '#w=5%2C3%2C2&t=4&phase=pick');
  assert.deepEqual([decodeState(hash(link.slice(1))).t, decodeState(hash(link.slice(1))).phase], [4, 'pick']);
  assert.equal(hashOf({ weights: '5,3,2', t: 5, phase: null }), '#w=5%2C3%2C2&t=5', 'a whole step writes no phase: the links of before read the same');
  // A phase that is not one of a step under way, or beside a step that is not one: the step whole.
  for (const text of ['t=5&phase=drain', 't=5&phase=start', 't=5&phase=PICK', 't=x&phase=pick']) assert.equal(decodeState(hash(text)).phase, null, text);
  // The element's phase is that of the step it names (step="4" phase="pick": step 4 at its pick),
  // read as the attributes say it; a phase no step is under way at is refused, as in a link.
  const element = decodeAttributes((name) => ({ step: '4', phase: 'pick' })[name] ?? null);
  assert.deepEqual([element.t, element.phase], [4, 'pick']);
  assert.equal(decodeAttributes((name) => ({ step: '4', phase: 'drain' })[name] ?? null).phase, null);
});

test('phase= stands right after t= (after w= while no step is done), every other key where the hash had it', () => {
  const write = (text, state) => [...encodeState(state, hash(text))].filter(([, value]) => value !== '').map(([key]) => key).join(' ');
  assert.equal(write('w=5,3,2&t=7&present=1', { weights: '5,3,2', t: 7, phase: 'fill' }), 'w t phase present');
  assert.equal(write('phase=pick&lesson=6&w=5,3,2&present=1&t=4', { weights: '5,3,2', t: 4, phase: 'pick' }), 'lesson w present t phase');
  assert.equal(write('lesson=4&w=5,3,2&present=1', { weights: '5,3,2', t: 0, phase: 'fill' }), 'lesson w phase present');
  assert.equal(write('present=1', { t: 0, phase: 'fill' }), 'present phase', 'nothing to follow: where it falls');
  assert.equal(write('w=5,3,2&t=4&phase=pick&present=1', { weights: '5,3,2', t: 5, phase: null }), 'w t present', 'a whole step: no phase');
});

test('each chapter\'s link says its step and phase: ties at step 5\'s pick, the tanks at step 1\'s fill', () => {
  const byId = (id) => chapterState(CHAPTERS.find((each) => each.id === id));
  assert.deepEqual([byId('ties').t, byId('ties').phase], [4, 'pick']);
  assert.deepEqual([byId('tanks').t, byId('tanks').phase], [0, 'fill']);
  assert.deepEqual([byId('period').t, byId('period').phase], [10, null]);
});
