// Reads GET /metrics as Prometheus would: every line must be a HELP or TYPE comment or a
// sample of a declared family (text exposition format 0.0.4), else the parse fails.
import { expect } from 'vitest';
import type { TestServer } from '../harness.ts';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const HELP = new RegExp(`^# HELP (${NAME}) .+$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*",?)*)\\})? (\\S+)$`,
);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"/g;
const SUFFIXES: Record<string, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Sample[] {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  expect(text.endsWith('\n'), 'the exposition ends with a newline').toBe(true);
  for (const line of text.split('\n')) {
    if (line === '' || HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      expect(families.has(type[1]!), `${type[1]} declared once`).toBe(false);
      families.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not a Prometheus line: ${line}`).not.toBeNull();
    const [, name, labelText = '', valueText = ''] = sample!;
    const family = [...families].find(([familyName, kind]) =>
      SUFFIXES[kind]!.some((suffix) => `${familyName}${suffix}` === name),
    );
    expect(family, `${name} has no TYPE line before it`).toBeDefined();
    const value = Number(valueText);
    // NaN and Inf in any case, as Prometheus reads them (prom-client writes 'Nan').
    expect(Number.isNaN(value) && valueText.toLowerCase() !== 'nan', `value of ${line}`).toBe(
      false,
    );
    const labels = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map((match) => [match[1]!, match[2]!]),
    );
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The metrics as the operator reads them, parsed. */
export async function scrape(server: TestServer): Promise<Metrics> {
  const answer = await server.request('GET', '/metrics', { token: server.adminToken });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return new Metrics(parsePrometheusText(answer.text));
}

export class Metrics {
  readonly samples: readonly Sample[];
  constructor(samples: readonly Sample[]) {
    this.samples = samples;
  }

  /** The samples named `name` whose labels include `labels`. */
  find(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  }

  /** The one sample's value; 0 when the series does not exist yet (a counter not yet moved). */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.find(name, labels);
    expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
    return found[0]?.value ?? 0;
  }
}
