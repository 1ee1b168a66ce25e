import { describe, expect, it } from 'vitest';
import type { AuditEntry } from 'banksia-wire';
import { auditCsv, csvField } from './csv';
import { bankDate, sydneyTime } from './time';

describe('csvField', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvField(null)).toBe('""');
    expect(csvField(42)).toBe('"42"');
  });
  it('makes what a spreadsheet would run as a formula inert', () => {
    for (const formula of ['=HYPERLINK("x")', '+1+1', '-2', '@SUM(A1)', '\tTAB', '\rCR']) {
      expect(csvField(formula).startsWith(`"'`)).toBe(true);
    }
    expect(csvField('a=b')).toBe('"a=b"');
  });
});

describe('auditCsv', () => {
  it('writes a header and one CRLF line per row', () => {
    const row: AuditEntry = {
      id: 7,
      at: '2026-03-05T03:07:00Z',
      staff: 'a@banksia.bank',
      action: 'application.viewed',
      application_reference: null,
      description: 'Viewed',
      detail: '{"search":"=cmd"}',
      detail_lines: [],
    };
    expect(auditCsv([row])).toBe(
      '"id","at_utc","staff","event","description","application","detail"\r\n' +
        '"7","2026-03-05T03:07:00Z","a@banksia.bank","application.viewed","Viewed","","{""search"":""=cmd""}"\r\n',
    );
  });
});

describe('times', () => {
  it('labels moments in Sydney time, daylight saving included', () => {
    expect(sydneyTime('2026-03-05T03:07:00Z')).toBe('5 Mar 2026, 2:07 pm Sydney time');
    expect(sydneyTime('2026-07-15T13:30:00Z')).toBe('15 July 2026, 11:30 pm Sydney time');
  });
  it('shows a bank date as the day it names', () => {
    expect(bankDate('2026-03-05')).toBe('Thu 5 Mar 2026');
  });
});
