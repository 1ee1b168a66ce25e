/**
 * The term deposits on offer as the pages and the calculator show them, worked out when the page
 * is built: each term from the rate table (data/banking.ts) with the interest payment options
 * banksia-core offers on it (`termDepositOptions`, the term deposit package). The calculator receives them
 * as props, so its page loads no extra WASM for the rule; core's view still refuses an option the
 * term doesn't offer (a hand-edited link).
 */
import type { InterestFrequency, InterestOption } from 'banksia-core/term-deposit';
import { termDepositOptions } from 'banksia-core/term-deposit';
import { interestFrequencies } from '../../data/banking';
import { termDeposits } from '../../data/products';
import { alternatives, aud, months, onFirstUse } from '../../data/format';
import type { DepositTerm } from './TermDepositCalculator';

const andList = onFirstUse(() => new Intl.ListFormat('en-AU', { type: 'conjunction' }));

/** Each term of the rate table with its minimum written out and the options core offers on it. */
export function depositTerms(): DepositTerm[] {
  return termDeposits.map((term) => {
    const options = termDepositOptions(term.termMonths);
    if (options.length === 0) {
      // A build that cannot list a term's options must fail rather than publish a wrong page.
      throw new Error(`core offers no interest payment option on ${term.termMonths} months`);
    }
    return { termMonths: term.termMonths, rate: term.rate, minDeposit: term.minDeposit, minDepositLabel: aud(term.minDeposit), options };
  });
}

/** The site's sentences about an option. */
export function frequencyWords(value: InterestFrequency) {
  const words = interestFrequencies.find((frequency) => frequency.value === value);
  if (!words) throw new Error(`no words for the interest payment option ${value}`);
  return words;
}

/** A term's options within a sentence, from core's list: "monthly or at maturity". */
export function optionsText(options: readonly InterestOption[]): string {
  return alternatives(options.map((option) => option.label.toLowerCase()));
}

/**
 * Which terms offer an option, in words, from each term's options: "Every term", "Terms of 12
 * months or more", or the terms listed.
 */
export function termsOffering(value: InterestFrequency, terms: readonly DepositTerm[]): string {
  const offering = terms.filter((term) => term.options.some((option) => option.value === value));
  if (offering.length === terms.length) return 'Every term';
  const first = offering[0];
  if (first && terms.slice(terms.indexOf(first)).every((term) => offering.includes(term))) {
    return `Terms of ${months(first.termMonths)} or more`;
  }
  return `Terms of ${andList().format(offering.map((term) => months(term.termMonths)))}`;
}
