import { describe, expect, it } from 'vitest';
import {
  allocate,
  draw,
  excerpt,
  htmlText,
  join,
  labelsFromSample,
  markdown,
  mergeLabels,
  score,
  sequenceKey,
  splitOf,
  textHash,
  validateLabels,
  type LabelEntry,
  type SampledSequence,
  type StoredQa,
} from '../../bench/draft-labels-core.js';
import { agreement, agreementMarkdown } from '../../bench/draft-labels-agree.js';
import { hookMarkdown, hookOf, hookTable } from '../../bench/draft-labels-hooks.js';

const ok: StoredQa = { score: 10, hard_fails: [], approvable: true };
const failed = (...codes: string[]): StoredQa => ({ score: 3, hard_fails: codes, approvable: false });
const held: StoredQa = { score: 6, hard_fails: [], approvable: false };

/** Invented keys whose split is known (the split is a hash of the key, so tests look for keys of each kind). */
function keysOf(split: 'dev' | 'holdout', n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) if (splitOf(`pages/test.html :: Person ${i}`) === split) out.push(`pages/test.html :: Person ${i}`);
  return out;
}

function seq(key: string, texts: [string, StoredQa][]): SampledSequence {
  return {
    key,
    split: splitOf(key),
    page: 'pages/test.html',
    speaker: {
      name: key.split(' :: ')[1] as string,
      title: null,
      company: null,
      tagline: null,
      bio: null,
      talks: [],
      linkedin_url: null,
      event_name: null,
      evidence: {},
      qualified_by_icp: true,
    },
    page_excerpt: { match: 'none', windows: [] },
    messages: texts.map(([content, qa], i) => ({ slot: i + 1, content, text_hash: textHash(content), qa })),
  };
}

const label = (key: string, slot: number, content: string, verdict: 'SEND' | 'DEFECT', kinds: LabelEntry['kinds'] = [], note = ''): LabelEntry => ({
  key,
  slot,
  text_hash: textHash(content),
  label: verdict,
  kinds,
  note,
});

describe('draft labels: keys, split and the draw', () => {
  it('hashes texts to 16 hex digits and keeps a key in one split for good', () => {
    expect(textHash('Hey Ana')).toMatch(/^[0-9a-f]{16}$/);
    expect(textHash('Hey Ana')).not.toBe(textHash('Hey Ana.'));
    const keys = Array.from({ length: 600 }, (_v, i) => `pages/x.html :: Speaker ${i}`);
    const held = keys.filter((k) => splitOf(k) === 'holdout').length;
    expect(held / keys.length).toBeGreaterThan(0.27);
    expect(held / keys.length).toBeLessThan(0.4);
    expect(keys.map(splitOf)).toEqual(keys.map(splitOf));
  });

  it('numbers a name a page gives twice', () => {
    const seen = new Map<string, number>();
    expect([sequenceKey('p', 'Ana Lima', seen), sequenceKey('p', 'Ana Lima ', seen), sequenceKey('q', 'Ana Lima', seen)]).toEqual([
      'p :: Ana Lima',
      'p :: Ana Lima #2',
      'q :: Ana Lima',
    ]);
  });

  it('spreads the draw evenly across pages, capped by what each page has', () => {
    const quota = allocate({ a: 1, b: 10, c: 10, d: 0 }, 12, 's');
    expect(quota).toEqual({ a: 1, b: expect.any(Number), c: expect.any(Number), d: 0 });
    expect(Math.abs((quota.b as number) - (quota.c as number))).toBeLessThanOrEqual(1);
    expect(Object.values(quota).reduce((x, y) => x + y, 0)).toBe(12);
    expect(Object.values(allocate({ a: 2, b: 3 }, 50, 's')).reduce((x, y) => x + y, 0)).toBe(5);
  });

  it('draws the same sequences whatever order the candidates come in', () => {
    const cands = Array.from({ length: 30 }, (_v, i) => ({ key: `p${i % 3} :: n${i}`, page: `p${i % 3}` }));
    const quota = { p0: 4, p1: 4, p2: 4 };
    const a = draw(cands, quota, 'seed').map((c) => c.key);
    expect(draw([...cands].reverse(), quota, 'seed').map((c) => c.key)).toEqual(a);
    expect(a).toHaveLength(12);
    expect(draw(cands, quota, 'other').map((c) => c.key)).not.toEqual(a);
  });
});

describe('draft labels: the page excerpt', () => {
  it('reads HTML as text, entities decoded, scripts dropped', () => {
    const text = htmlText('<html><script>var x="<b>Ana</b>"</script><h3>Jos&eacute; M&#xFC;ller</h3><p>CTO &amp; founder, <a href="#">Acme</a></p></html>');
    expect(text).toBe('José Müller\nCTO & founder, Acme');
  });

  it('finds the name, reversed or by its longest word, and says how', () => {
    const text = `${'x '.repeat(800)}Müller, José — CTO at Acme. ${'y '.repeat(800)}`;
    const e = excerpt(text, 'José Müller');
    expect(e.match).toBe('reversed');
    expect(e.windows[0]).toContain('CTO at Acme');
    expect(e.windows[0]?.length).toBeLessThan(1210);
    expect(excerpt(text, 'Pepe Müller').match).toBe('word');
    expect(excerpt(text, 'Nobody Here')).toEqual({ match: 'none', windows: [] });
  });
});

describe('draft labels: the labels file', () => {
  it('refuses unknown verdicts and kinds, a DEFECT without a kind and a SEND with one', () => {
    const h = textHash('t');
    const { labels, errors } = validateLabels([
      { key: 'k', slot: 1, text_hash: h, label: 'SEND', kinds: [], note: '' },
      { key: 'k', slot: 2, text_hash: h, label: 'MAYBE', kinds: [] },
      { key: 'k', slot: 3, text_hash: h, label: 'DEFECT', kinds: [] },
      { key: 'k', slot: 3, text_hash: h, label: 'DEFECT', kinds: ['typo'] },
      { key: 'k', slot: 3, text_hash: h, label: 'SEND', kinds: ['tone'] },
      { key: 'k', slot: 4, text_hash: h, label: 'SEND', kinds: [] },
      { key: 'k', slot: 1, text_hash: h, label: 'SEND', kinds: [] },
    ]);
    expect(labels).toHaveLength(1);
    expect(errors).toHaveLength(6);
    expect(validateLabels({}).errors).toEqual(['the labels file must hold a JSON array']);
  });

  it('takes filled batch labels with the hash of the text beside them, and merges them', () => {
    const s = seq('p :: A', [
      ['one', ok],
      ['two', ok],
      ['three', ok],
    ]);
    s.messages[0] = { ...(s.messages[0] as SampledSequence['messages'][0]), label: 'SEND', kinds: ['tone'] };
    s.messages[1] = {
      ...(s.messages[1] as SampledSequence['messages'][0]),
      label: 'DEFECT',
      kinds: ['pitch_paste'],
      note: 'pitch verbatim',
      text_hash: '0000000000000000',
    };
    const got = labelsFromSample([s]);
    expect(got).toEqual([label('p :: A', 1, 'one', 'SEND'), label('p :: A', 2, 'two', 'DEFECT', ['pitch_paste'], 'pitch verbatim')]);
    const merged = mergeLabels([label('p :: A', 2, 'two', 'SEND'), label('p :: A', 2, 'old text', 'SEND')], got);
    expect(merged).toMatchObject({ added: 1, replaced: 1 });
    expect(merged.labels.map((l) => `${l.slot}:${l.label}`)).toEqual(['1:SEND', '2:DEFECT', '2:SEND']);
  });
});

describe('draft labels: the scorer', () => {
  const [d1, d2] = keysOf('dev', 2) as [string, string];
  const [h1, h2] = keysOf('holdout', 2) as [string, string];
  const sample = [
    seq(d1, [
      ['Hi Ana, loved your talk.', ok],
      ['Pitch pasted here.', ok],
      ['Last note.', failed('ungrounded_claim')],
    ]),
    seq(d2, [
      ['Hi Bo, saw your talk.', ok],
      ['A fine follow-up.', ok],
      ['A fine close.', ok],
    ]),
    seq(h1, [
      ['Hi Cy, at Georgia Institute.', failed('truncated_org')],
      ["Hey Cy, I see you're a presently serving.", ok],
      ['Short close.', held],
    ]),
    seq(h2, [
      ['Hi Di, this text changed.', ok],
      ['Fine.', ok],
      ['Fine too.', ok],
    ]),
  ];
  const labels: LabelEntry[] = [
    label(d1, 1, 'Hi Ana, loved your talk.', 'SEND'),
    label(d1, 2, 'Pitch pasted here.', 'DEFECT', ['pitch_paste']),
    label(d1, 3, 'Last note.', 'SEND'),
    label(d2, 1, 'Hi Bo, saw your talk.', 'SEND'),
    label(d2, 2, 'A fine follow-up.', 'SEND'),
    label(d2, 3, 'A fine close.', 'SEND'),
    label(h1, 1, 'Hi Cy, at Georgia Institute.', 'DEFECT', ['wrong_fact']),
    label(h1, 2, "Hey Cy, I see you're a presently serving.", 'DEFECT', ['broken_grammar', 'wrong_fact'], 'grammar'),
    label(h1, 3, 'Short close.', 'SEND'),
    label(h2, 1, 'Hi Di, this text was different.', 'SEND'),
    label(h2, 2, 'Fine.', 'SEND'),
    label('pages/gone.html :: Nobody', 1, 'x', 'SEND'),
  ];

  it('joins by key, slot and text hash; a label for another text is stale, never scored', () => {
    const { messages, orphans } = join(sample, labels);
    expect(orphans).toBe(1);
    const state = (key: string, slot: number) => messages.find((m) => m.key === key && m.slot === slot)?.state;
    expect(state(h2, 1)).toBe('stale');
    expect(state(h2, 3)).toBe('unlabelled');
    expect(state(d1, 2)).toBe('labelled');
    expect(messages.find((m) => m.key === h2 && m.slot === 1)?.label).toBeUndefined();
  });

  it('measures SEND share, QA recall, wrong facts and false flags per split', () => {
    const s = score(sample, labels);
    const { dev, holdout } = s.splits;
    expect(dev).toMatchObject({ sequences: 2, messages: 6, labelled: 6, stale: 0, unlabelled: 0 });
    expect(dev.send).toEqual({ n: 5, of: 6 });
    expect(dev.sendBySlot).toEqual({ '1': { n: 2, of: 2 }, '2': { n: 1, of: 2 }, '3': { n: 2, of: 2 } });
    expect(dev.sequencesSend).toEqual({ n: 1, of: 2 });
    expect(dev.qaRecall).toEqual({ n: 0, of: 1 });
    expect(dev.kindRecall.pitch_paste).toEqual({ n: 0, of: 1 });
    expect(dev.sendApprovable).toEqual({ n: 4, of: 5 });
    expect(dev.falseFlags.map((e) => [e.key, e.slot, e.hard_fails])).toEqual([[d1, 3, ['ungrounded_claim']]]);
    expect(dev.missedDefects.map((e) => e.slot)).toEqual([2]);

    expect(holdout).toMatchObject({ sequences: 2, messages: 6, labelled: 4, stale: 1, unlabelled: 1 });
    expect(holdout.send).toEqual({ n: 2, of: 4 });
    // h2 is not fully labelled for its current texts, so it does not count as a sequence.
    expect(holdout.sequencesSend).toEqual({ n: 0, of: 1 });
    expect(holdout.qaRecall).toEqual({ n: 1, of: 2 });
    expect(holdout.defectsHardFailed).toEqual({ n: 1, of: 2 });
    expect(holdout.wrongFactFlagged).toEqual({ n: 1, of: 2 });
    expect(holdout.kindRecall.broken_grammar).toEqual({ n: 0, of: 1 });
    expect(holdout.kindRecall.tone).toEqual({ n: 0, of: 0 });
    // Not approvable without a hard fail still counts as flagged.
    expect(holdout.sendApprovable).toEqual({ n: 1, of: 2 });
    expect(holdout.falseFlags.map((e) => e.slot)).toEqual([3]);

    expect(s.done.find((d) => d.check.startsWith('every wrong_fact'))).toMatchObject({ value: '1/2', pass: false });
    expect(s.done.every((d) => !d.pass)).toBe(true);
  });

  it('passes the bar when the held-out labels meet it', () => {
    const good = [
      seq(h1, [
        ['a', ok],
        ['b', ok],
        ['c', failed('x')],
      ]),
    ];
    const s = score(good, [label(h1, 1, 'a', 'SEND'), label(h1, 2, 'b', 'SEND'), label(h1, 3, 'c', 'DEFECT', ['wrong_fact'])]);
    expect(s.done.filter((d) => !d.pass).map((d) => d.check)).toEqual(['messages SEND ≥ 85%']);
  });

  it('measures the speakers the ICP qualified on their own, beside everyone drafted', () => {
    const screened = sample.map((q) => (q.key === d1 ? { ...q, speaker: { ...q.speaker, qualified_by_icp: false } } : q));
    const s = score(screened, labels);
    expect(s.splits.dev.send).toEqual({ n: 5, of: 6 });
    expect(s.qualified.dev.send).toEqual({ n: 3, of: 3 });
    expect(markdown(s)).toContain('| messages SEND, speakers the ICP qualifies | 100.0% (3/3) |');
  });

  it('prints dev and holdout side by side', () => {
    const md = markdown(score(sample, labels));
    expect(md).toContain('| | dev | holdout |');
    expect(md).toContain('| stale labels (text changed since) | 0 | 1 |');
    expect(md).toContain('| messages SEND | 83.3% (5/6) | 50.0% (2/4) |');
    expect(md).toContain('1 label(s) name a sequence or slot');
    expect(md).toMatch(/SEND messages the QA gate flagged \(dev\):\n\n- `[^`]+` slot 3 \[ungrounded_claim\]/);
  });

  it('names held-out messages only when asked', () => {
    const s = score(sample, labels);
    const heldOut = /the QA gate (flagged|let through) \(holdout\)/;
    expect(markdown(s)).not.toMatch(heldOut);
    expect(markdown(s, true)).toMatch(heldOut);
  });
});

describe('draft labels: two readers', () => {
  it("measures the readers' agreement, the second reader as a gate, and the gate against each", () => {
    const [a, b, c] = keysOf('dev', 3) as [string, string, string];
    const texts = {
      [a]: ['Hi A, your talk "X" stood out.', 'A follow-up about X.', 'Last note on X.'],
      [b]: ['Hi B, saw you on the line-up.', 'A follow-up.', 'Last note.'],
      [c]: ['Hi C, your talk "Y" stood out.', 'A follow-up about Y.', 'Last note on Y.'],
    };
    // The gate flags the second message of each sequence only.
    const sample = [a, b, c].map((k) =>
      seq(
        k,
        (texts[k] as string[]).map((t, i): [string, StoredQa] => [t, i === 1 ? held : ok]),
      ),
    );
    const verdicts = (k: string, v: Array<'SEND' | 'DEFECT'>) =>
      v.map((x, i) => label(k, i + 1, (texts[k] as string[])[i] as string, x, x === 'DEFECT' ? ['generic_filler'] : []));
    const first = [...verdicts(a, ['SEND', 'DEFECT', 'SEND']), ...verdicts(b, ['DEFECT', 'DEFECT', 'DEFECT']), ...verdicts(c, ['SEND', 'DEFECT', 'SEND'])];
    // The second reader sends one second message and rejects one last note the first sent; the
    // last note of c is labelled for another text, so it is not compared.
    const second = [
      ...verdicts(a, ['SEND', 'SEND', 'DEFECT']),
      ...verdicts(b, ['DEFECT', 'DEFECT', 'DEFECT']),
      ...verdicts(c, ['SEND', 'DEFECT']),
      label(c, 3, 'Another last note.', 'SEND'),
    ];
    const r = agreement(sample, first, second).dev;
    expect(r.both).toBe(8);
    expect(r.agree).toEqual({ n: 6, of: 8 });
    expect(r.agreeBySlot).toEqual({ '1': { n: 3, of: 3 }, '2': { n: 2, of: 3 }, '3': { n: 1, of: 2 } });
    // The first reader's 5 defects: the second reader rejects 4; of the first's 3 SEND it sends 2.
    expect(r.secondAsGate).toEqual({ recall: { n: 4, of: 5 }, sendApprovable: { n: 2, of: 3 } });
    // The gate flags the three second messages: 3 of the first's 5 defects, all 3 of its SEND pass.
    expect(r.gateVsFirst).toEqual({ recall: { n: 3, of: 5 }, sendApprovable: { n: 3, of: 3 } });
    expect(r.gateVsSecond).toEqual({ recall: { n: 2, of: 5 }, sendApprovable: { n: 2, of: 3 } });
    // Observed 0.75; chance 3/8·3/8 + 5/8·5/8 = 34/64.
    expect(r.kappa).toBeCloseTo((0.75 - 34 / 64) / (1 - 34 / 64), 6);
    expect(agreement(sample, first, second).holdout.both).toBe(0);
    expect(agreementMarkdown(agreement(sample, first, second))).toContain('| same verdict | 75.0% (6/8) | – |');
  });
});

describe('draft labels: what the messages open on', () => {
  it('reads the hook of the first sentence, the greeting line of a follow-up left out', () => {
    expect(hookOf(1, 'Hi Ana, your talk "Tracing at Scale" stood out. I\'m Jo.')).toBe('talk quoted');
    expect(hookOf(1, "Hi Ana, saw you on the WebConf speaker list. I'm Jo.")).toBe('event only');
    expect(hookOf(1, 'Hi Ana, your work as a CTO at Kelpware caught my eye.')).toBe('role');
    expect(hookOf(1, 'Hi Ana, the work you do at Kelpware caught my eye.')).toBe('employer only');
    expect(hookOf(3, 'Hi Ana,\n\nYour work on program analysis made me write. Would a call help?')).toBe('topic');
    expect(hookOf(2, 'Hi Ana,\n\nYour WebConf talk is why I write again.')).toBe('talk unnamed');
  });

  it('counts each labelled text once across samples, by split, slot and hook', () => {
    const [a, b] = keysOf('dev', 2) as [string, string];
    const [h] = keysOf('holdout', 1) as [string];
    const texts = ['Hi A, your talk "X" stood out.', 'Hi A,\n\nA follow-up.', 'Hi A,\n\nYour talk "X" made me write.'];
    const sample = [
      seq(
        a,
        texts.map((t): [string, StoredQa] => [t, ok]),
      ),
      seq(b, [['Hi B, saw you on the line-up.', ok]]),
      seq(h, [[texts[0] as string, ok]]),
    ];
    const labels = [
      label(a, 1, texts[0] as string, 'SEND'),
      label(a, 2, texts[1] as string, 'DEFECT', ['generic_filler']),
      label(a, 3, texts[2] as string, 'SEND'),
      label(b, 1, 'Hi B, saw you on the line-up.', 'DEFECT', ['generic_filler']),
      label(h, 1, texts[0] as string, 'DEFECT', ['tone']),
    ];
    // The same sample given twice (two rounds with the same texts) counts each text once.
    const table = hookTable([...sample, ...sample], labels);
    expect(table.dev['1']['talk quoted']).toEqual({ send: 1, of: 1 });
    expect(table.dev['1']['event only']).toEqual({ send: 0, of: 1 });
    expect(table.dev['2'].other).toEqual({ send: 0, of: 1 });
    expect(table.dev['3']['talk quoted']).toEqual({ send: 1, of: 1 });
    expect(table.holdout['1']['talk quoted']).toEqual({ send: 0, of: 1 });
    expect(hookMarkdown(table, 'dev')).toContain('| talk quoted | 100% (1/1) | – | 100% (1/1) |');
  });
});
