// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { CheckAnswers } from './CheckAnswers';
import { EMPTY_VALUES, type ApplicationValues } from './values';


declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const values: ApplicationValues = {
  ...EMPTY_VALUES,
  application_type: 'business_checking',
  first_name: 'Mia',
  date_of_birth: { day: '3', month: '9', year: '1988' },
  state: 'TAS',
  employment_status: 'part_time',
  annual_income: '52000',
  identification_type: 'drivers_license',
};

async function render(onChange: (step: number, field: string) => void) {
  const element = document.createElement('div');
  document.body.append(element);
  await act(async () => createRoot(element).render(createElement(CheckAnswers, { values, onChange })));
  return element;
}

describe('CheckAnswers', () => {
  it("lists core's summary of steps 1 to 4 in a description list", async () => {
    const element = await render(() => {});
    const rows = [...element.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toHaveLength(16);
    expect(rows).toContainEqual(['Account type', 'Business Checking']);
    expect(rows).toContainEqual(['Date of birth', '3 September 1988']);
    expect(rows).toContainEqual(['State', 'Tasmania']);
    expect(rows).toContainEqual(['Employment status', 'Part-time']);
    expect(rows).toContainEqual(['Annual income (AUD)', '$52,000']);
    expect(rows).toContainEqual(['Identification type', "Driver's licence"]);
    expect(rows).toContainEqual(['Employer name', 'Not provided']);
  });

  it('each Change link is named for its answer and asks for its step and field', async () => {
    const asked: [number, string][] = [];
    const element = await render((step, field) => asked.push([step, field]));
    const links = [...element.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toContain('Change State');
    const state = links.find((link) => link.textContent === 'Change State')!;
    expect(state.querySelector('.visually-hidden')?.textContent).toBe(' State');
    await act(async () => state.click());
    expect(asked).toEqual([[3, 'state']]);
  });
});
