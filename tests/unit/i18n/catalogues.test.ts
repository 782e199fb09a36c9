import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  collectionLabels,
  dashboardTiles,
  genders,
  messages,
  referredByOptions,
  reportCategories,
  statusLabels,
} from '../../../sync/contract';
import { texts } from '../../../sync/contract/i18n';
import { hindi as hindiTables } from '../../../sync/contract/i18n/hindi';

const { labels: labelsHi, messages: messagesHi, texts: textsHi } = hindiTables;
import { sidebarFor } from '../../../src/app/layout/sidebar-items';
import { missingLabels } from '../../../src/app/layout/sync-summary';
import { screenRoutes } from '../../../src/routes/route-table';

/*
 * The catalogues are whole and the screens hold no words of their own: every word a person
 * reads comes from sync/contract (texts, messages, labels) through src/lib/i18n.ts. The scan
 * reads every component's JSX, so a literal added to a screen fails here.
 */

/** Props whose value a person reads (or hears, from a screen reader). */
const shownProps = new Set(['label', 'placeholder', 'title', 'aria-label', 'tooltip', 'description', 'newLabel']);

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** Each literal a person would read in a file's JSX: text between tags and the shown props' strings. */
function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && shownProps.has(node.name.getText(source))) {
      const value = node.initializer;
      const inner = value && ts.isJsxExpression(value) ? value.expression : value;
      if (inner && (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) && hasWords(inner.text))
        found.push(`${node.name.getText(source)}="${inner.text}"`);
      if (
        inner &&
        ts.isTemplateExpression(inner) &&
        hasWords(inner.head.text + inner.templateSpans.map((s) => s.literal.text).join(''))
      )
        found.push(`${node.name.getText(source)}={${inner.getText(source)}}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the catalogues (sync/contract/i18n)', () => {
  it('Hindi has every screen text and every message of English, with the same {{placeholders}}', () => {
    expect(Object.keys(textsHi).sort()).toEqual(Object.keys(texts).sort());
    expect(Object.keys(messagesHi).sort()).toEqual(Object.keys(messages).sort());
    for (const [key, english] of Object.entries(texts)) {
      const hindi = textsHi[key as keyof typeof texts];
      expect(hindi.trim(), key).not.toBe('');
      expect(placeholders(hindi), key).toEqual(placeholders(english));
    }
    for (const hindi of Object.values(messagesHi)) expect(hindi.trim()).not.toBe('');
  });

  it('Hindi has the labels of every list the screens show', () => {
    const admin = { centerId: 0, role: { name: 'administrator', permissions: {} } } as never;
    const shown = [
      ...dashboardTiles.map((t) => t.label),
      ...Object.values(statusLabels),
      ...genders.map((g) => g.label),
      ...referredByOptions.map((o) => o.label),
      ...reportCategories.map((c) => c.title),
      ...screenRoutes.map((r) => r.title),
      ...sidebarFor(admin).flatMap((g) => [g.label, ...(g.children ?? []).map((c) => c.label)]),
      ...Object.values(collectionLabels),
      ...Object.values(missingLabels),
    ];
    expect(shown.filter((label) => !(label in labelsHi))).toEqual([]);
  });

  it('every key the screens ask for is in the catalogue', () => {
    const asked = filesUnder('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(asked.length).toBeGreaterThan(50);
    expect(asked.filter((entry) => !(entry.split(': ')[1]! in texts))).toEqual([]);
  });
});

const components = filesUnder('src').filter((file) => file.endsWith('.tsx'));

describe('the screens hold no words of their own', () => {
  it.each(components)('%s', (file) => {
    expect(literalsIn(file)).toEqual([]);
  });

  it('the scan finds a literal in JSX text and in a shown prop', () => {
    const probe = join(import.meta.dirname, 'probe.tsx.txt');
    expect(literalsIn(probe)).toEqual(['label="Name"', 'aria-label={`Remove ${name}`}', 'Save child']);
  });
});
