import { describe, expect, it } from 'vitest';
import { wireEndpointNames, wireEndpoints, type WireEndpointName } from '../../../sync/contract/endpoints';
import { checkWireRequest } from '../../../sync/contract/wire';
import { unexplainedRows, unsentDocumentedRows, unsentReasons, wireCoverage } from '../../wire';

const documented = wireEndpointNames.filter((name) => !wireEndpoints[name].extension);

describe('wire coverage of the e2e journeys (DESIGN.md, The wire)', () => {
  it('gives reasons only for documented rows, each a sentence', () => {
    for (const [name, reason] of Object.entries(unsentReasons)) {
      expect(documented, name).toContain(name);
      expect(reason!.length, name).toBeGreaterThan(40);
    }
  });

  it('a row sent in either server mode is covered; one sent in neither is unexplained unless it has a reason', () => {
    const withoutReason = documented.filter((name) => !(name in unsentReasons));
    const [first, second, ...rest] = withoutReason as [WireEndpointName, WireEndpointName, ...WireEndpointName[]];
    const normal = new Map<string, number>([[first, 1]]);
    const specOnly = new Set<string>([second]);
    expect(unexplainedRows(normal, specOnly)).toEqual(rest);
    expect(unexplainedRows(new Set(withoutReason))).toEqual([]);
  });

  it('prints, per mode, how many documented rows were sent and why each other was not', () => {
    const text = wireCoverage(new Set<string>(['login', 'addEducation']), 'wire coverage, SPEC_ONLY server');
    const [head, ...lines] = text.split('\n');
    expect(head).toBe(`wire coverage, SPEC_ONLY server: 2 of ${documented.length} documented rows sent`);
    expect(lines).toHaveLength(documented.length - 2);
    expect(lines.find((l) => l.includes('(saveEducation)'))).toContain(unsentReasons.saveEducation);
    expect(lines.find((l) => l.includes('(centerAdd)'))).toContain('no journey sends it');
    expect(unsentDocumentedRows(new Set(documented))).toEqual([]);
  });
});

describe('rows the journeys found sent off their schema (DESIGN.md, The wire)', () => {
  it("the education, medical and MHP lists accept the exit lists' filter their screens send", () => {
    for (const name of [
      'regusersEducation',
      'nonRegusersEducation',
      'regusersMedical',
      'nonRegusersMedical',
      'regusersMhp',
      'nonRegusersMhp',
    ] as const) {
      const { path } = wireEndpoints[name];
      const verdict = checkWireRequest({
        method: 'POST',
        path,
        kind: 'json',
        fields: ['centerId', 'from_date', 'to_date'],
      });
      expect(verdict, name).toMatchObject({ ok: true, endpoint: name });
    }
  });

  it('group report details carry no gender (part 2 section 7, groupSingleReport)', () => {
    const sent = { method: 'POST', path: '/group_single_report', kind: 'json' as const };
    expect(checkWireRequest({ ...sent, fields: ['centerId', 'where', 'value', 'isTotal'] }).ok).toBe(true);
    expect(checkWireRequest({ ...sent, fields: ['gender'] }).ok).toBe(false);
  });
});
