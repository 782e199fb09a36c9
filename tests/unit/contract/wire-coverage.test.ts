import { describe, expect, it } from 'vitest';
import { wireEndpointNames, wireEndpoints, type WireEndpointName } from '../../../sync/contract/endpoints';
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
