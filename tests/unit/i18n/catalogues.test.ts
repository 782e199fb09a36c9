import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  dashboardTiles,
  genders,
  messages,
  referredByOptions,
  reportCategories,
  statusLabels,
} from '../../../sync/contract';
import { labelsHi, messagesHi, texts, textsHi } from '../../../sync/contract/i18n';
import { sidebarFor } from '../../../src/app/layout/sidebar-items';
import { screenRoutes } from '../../../src/routes/route-table';

/*
 * The catalogues are whole and the screens hold no words of their own: every word a person
 * reads comes from sync/contract (texts, messages, labels) through src/lib/i18n.ts. The scan
 * reads every component's JSX, so a literal added to a screen fails here. The screens not
 * converted yet are listed in `notYetConverted`, which is to be emptied: a file leaves the list
 * when its words come from the catalogue.
 */
const notYetConverted = new Set([
  // The child's screens and the shared components (areas/children.ts).
  'src/components/confirm-button.tsx',
  'src/components/date-range-filter.tsx',
  'src/components/fetched-note.tsx',
  'src/components/file-rows.tsx',
  'src/components/filter-panel.tsx',
  'src/components/name-modal.tsx',
  'src/components/row-actions.tsx',
  'src/components/row-checkbox.tsx',
  'src/components/stored-file.tsx',
  'src/features/children/components/access-history.tsx',
  'src/features/children/components/bulk-update-modal.tsx',
  'src/features/children/components/child-cards.tsx',
  'src/features/children/components/child-columns.tsx',
  'src/features/children/components/child-documents.tsx',
  'src/features/children/components/child-edit-form.tsx',
  'src/features/children/components/child-filters-modal.tsx',
  'src/features/children/components/child-list-tools.tsx',
  'src/features/children/components/child-overview.tsx',
  'src/features/children/components/child-photo.tsx',
  'src/features/children/components/child-profile-page.tsx',
  'src/features/children/components/child-row-actions.tsx',
  'src/features/children/components/document-file.tsx',
  'src/features/children/components/form-fields.tsx',
  'src/features/children/components/possible-matches.tsx',
  'src/features/children/components/profile-side-menu.tsx',
  'src/features/children/components/registration-steps.tsx',
  'src/features/children/components/registration-wizard.tsx',

  // The admin and case-work screens (areas/admin.ts).
  'src/features/actions/components/action-form-modal.tsx',
  'src/features/actions/components/child-actions-panel.tsx',
  'src/features/actions/components/follow-up-rows.tsx',
  'src/features/actions/components/history-tables.tsx',
  'src/features/beneficiaries/components/beneficiary-columns.tsx',
  'src/features/beneficiaries/components/beneficiary-documents.tsx',
  'src/features/beneficiaries/components/beneficiary-list-page.tsx',
  'src/features/beneficiaries/components/beneficiary-modal.tsx',
  'src/features/centers/components/center-form-page.tsx',
  'src/features/centers/components/center-list-page.tsx',
  'src/features/cwc/components/cwc-form-page.tsx',
  'src/features/cwc/components/cwc-list-page.tsx',
  'src/features/exits/components/exit-columns.tsx',
  'src/features/exits/components/exit-filters-drawer.tsx',
  'src/features/exits/components/exit-list-page.tsx',
  'src/features/roles/components/permission-modal.tsx',
  'src/features/roles/components/role-list-page.tsx',
  'src/features/roles/components/role-modal.tsx',
  'src/features/schemes/components/scheme-list-page.tsx',
  'src/features/schemes/components/scheme-modal.tsx',
  'src/features/tags/components/tag-list-page.tsx',
  'src/features/tags/components/tag-modal.tsx',
  'src/features/users/components/user-list-page.tsx',
  'src/features/users/components/user-modal.tsx',

  // Meals, balances, notifications, report details, sync, the app's frame (areas/services.ts).
  'src/app/guards.tsx',
  'src/app/layout/beneficiaries-modal.tsx',
  'src/app/layout/device-panel.tsx',
  'src/app/layout/first-sync-progress.tsx',
  'src/app/layout/idle-lock.tsx',
  'src/app/layout/require-route.tsx',
  'src/app/lazy-screen.tsx',
  'src/app/main.tsx',
  'src/app/providers.tsx',
  'src/app/router.tsx',
  'src/app/update-prompt.tsx',
  'src/features/balances/components/balance-list-page.tsx',
  'src/features/balances/components/balance-modal.tsx',
  'src/features/dashboard/components/tile-trend.tsx',
  'src/features/meals/components/meal-list-page.tsx',
  'src/features/meals/components/meal-modal.tsx',
  'src/features/meals/components/our-services-page.tsx',
  'src/features/notifications/components/latest-notifications.tsx',
  'src/features/notifications/components/notification-list-page.tsx',
  'src/features/reports/components/group-report-page.tsx',
  'src/features/reports/components/previous-balance-note.tsx',
  'src/features/reports/components/report-details-page.tsx',
  'src/features/sync/components/conflict-card.tsx',
  'src/features/sync/components/rejected-card.tsx',
  'src/features/sync/components/review-field-input.tsx',
  'src/features/sync/components/sync-page.tsx',
  'src/routes/about-us.tsx',
  'src/routes/child-profile.tsx',
  'src/routes/not-built.tsx',
  'src/routes/route-error.tsx',
]);

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

  it('Hindi has the labels of every list the converted screens show', () => {
    const admin = { centerId: 0, role: { name: 'administrator', permissions: {} } } as never;
    const shown = [
      ...dashboardTiles.map((t) => t.label),
      ...Object.values(statusLabels),
      ...genders.map((g) => g.label),
      ...referredByOptions.map((o) => o.label),
      ...reportCategories.map((c) => c.title),
      ...screenRoutes.map((r) => r.title),
      ...sidebarFor(admin).flatMap((g) => [g.label, ...(g.children ?? []).map((c) => c.label)]),
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
const converted = components.filter((file) => !notYetConverted.has(file));

describe('the converted screens hold no words of their own', () => {
  it.each(converted)('%s', (file) => {
    expect(literalsIn(file)).toEqual([]);
  });

  it('the list of screens not yet converted names only files that exist', () => {
    expect([...notYetConverted].filter((file) => !components.includes(file))).toEqual([]);
  });

  it('the scan finds a literal in JSX text and in a shown prop', () => {
    const probe = join(import.meta.dirname, 'probe.tsx.txt');
    expect(literalsIn(probe)).toEqual(['label="Name"', 'aria-label={`Remove ${name}`}', 'Save child']);
  });
});
