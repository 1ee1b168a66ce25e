import { describe, expect, it } from 'vitest';
import { interestFrequencies, termDeposits } from '../../data/banking';
import { termDepositOptions } from 'banksia-core/term-deposit';
import { depositTerms, optionsText, termsOffering } from './termDepositTerms';
import { everyOption } from './TermDepositCalculator';


describe('the terms as the pages show them', () => {
  it('gives every term of the rate table the options core offers on it', () => {
    const terms = depositTerms();
    expect(terms.map((term) => term.termMonths)).toEqual(termDeposits.map((term) => term.termMonths));
    for (const term of terms) expect(term.options).toEqual(termDepositOptions(term.termMonths));
  });

  it('has words for every option core knows, in core’s order', () => {
    // 120 months offers every option (core's vectors pin that).
    expect(interestFrequencies.map((frequency) => frequency.value)).toEqual(termDepositOptions(120).map((option) => option.value));
    expect(everyOption(depositTerms())).toEqual(termDepositOptions(120));
  });

  it('writes a term’s options in a sentence', () => {
    expect(optionsText(termDepositOptions(6))).toBe('monthly or at maturity');
    expect(optionsText(termDepositOptions(12))).toBe('monthly, quarterly, bi-annually or at maturity');
    expect(optionsText(termDepositOptions(24))).toBe('monthly, quarterly, bi-annually, annually or at maturity');
  });

  it('says which terms offer each option', () => {
    const terms = depositTerms();
    expect(termsOffering('monthly', terms)).toBe('Every term');
    expect(termsOffering('at_maturity', terms)).toBe('Every term');
    expect(termsOffering('quarterly', terms)).toBe('Terms of 12 months or more');
    expect(termsOffering('annually', terms)).toBe('Terms of 24 months or more');
    const gappy = terms.map((term) => (term.termMonths === 36 ? { ...term, options: [{ value: 'monthly' as const, label: 'Monthly' }] } : term));
    expect(termsOffering('annually', gappy)).toBe('Terms of 24 months and 60 months');
  });
});
