import { expect, test } from '@playwright/test';
import * as homeLoanPackage from 'banksia-core/home-loan';
import * as termDepositPackage from 'banksia-core/term-deposit';
import * as borrowingPowerPackage from 'banksia-core/borrowing-power';
import * as stampDutyPackage from 'banksia-core/stamp-duty';
import { fromDisk } from './core';

/** The /calculators hub: every calculator with its description and core's figure for its defaults. */
const core = fromDisk('home-loan', homeLoanPackage);
const termDeposits = fromDisk('term-deposit', termDepositPackage);
const borrowingCore = fromDisk('borrowing-power', borrowingPowerPackage);
const dutyCore = fromDisk('stamp-duty', stampDutyPackage);

function figure(outcome: { ok: true; value: { display: string } } | { ok: false; errors: unknown }): string {
  if (!outcome.ok) throw new Error(`core refused the defaults: ${JSON.stringify(outcome.errors)}`);
  return outcome.value.display;
}

for (const width of [375, 1280]) {
  test(`the hub lists each calculator with a figure from core at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/calculators');
    const cards = page.locator('.calculator-card');
    await expect(cards).toHaveCount(4);

    const loan = cards.filter({ has: page.getByRole('link', { name: 'Home loan repayment calculator' }) });
    await expect(loan.getByRole('link')).toHaveAttribute('href', '/loans/home#calculator');
    const repayment = figure(core.repayment({ principal: '500000', annual_rate_percent: '6.45', term_years: '30' }));
    expect(repayment).toBe('$3,144');
    await expect(loan.locator('strong')).toHaveText(`${repayment} a month`);

    const deposit = cards.filter({ has: page.getByRole('link', { name: 'Term deposit calculator' }) });
    await expect(deposit.getByRole('link')).toHaveAttribute('href', '/term-deposits#calculator');
    const outcome = termDeposits.termDeposit({ amount: '50000', annual_rate_percent: '4.50', term_months: '24', frequency: 'at_maturity' });
    if (!outcome.ok) throw new Error('core refused the example');
    await expect(deposit.locator('strong')).toHaveText(`${outcome.value.total_interest.display} interest`);

    const borrowing = cards.filter({ has: page.getByRole('link', { name: 'How much could I borrow?' }) });
    await expect(borrowing.getByRole('link')).toHaveAttribute('href', '/calculators/borrowing-power');
    const estimate = borrowingCore.borrowingPower(
      { income: '100000', living_expenses: '2000', term_years: '30', annual_rate_percent: '6.45' },
      new Date().toISOString().slice(0, 10),
    );
    if (!estimate.ok) throw new Error('core refused the borrowing example');
    await expect(borrowing.locator('strong')).toHaveText(`${estimate.value.borrowing_power.display} borrowing power`);

    const duty = cards.filter({ has: page.getByRole('link', { name: 'Stamp duty and cash on the day' }) });
    await expect(duty.getByRole('link')).toHaveAttribute('href', '/calculators/stamp-duty');
    const dutyOutcome = dutyCore.stampDuty(
      { state: 'NSW', price: '750000', property_kind: 'established_home', purpose: 'live_in', first_home_buyer: 'no', deposit: '150000' },
      new Date().toISOString().slice(0, 10),
    );
    if (!dutyOutcome.ok) throw new Error('core refused the stamp duty example');
    await expect(duty.locator('strong')).toHaveText(`${dutyOutcome.value.duty.display} stamp duty`);

    // The whole card is the link's target.
    await loan.click({ position: { x: 30, y: 110 } });
    await expect(page).toHaveURL(/\/loans\/home#calculator$/);
  });
}
