import { Decimal } from "../money/decimal.ts";

// An obligation's payments ledger (PRODUCT.md "Payments ledger"): the one rule for what is left
// to pay, used by the server when it refuses an overpayment and by the web when it offers
// "mark paid". Amounts are wire decimals.

export const obligationPriorities = ["high", "medium", "low"] as const;
export type ObligationPriority = (typeof obligationPriorities)[number];

/** What is left to pay (never below 0). */
export function remainingToPay(amount: string, paidAmount: string): string {
  const left = new Decimal(amount).minus(paidAmount);
  return left.isNegative() ? "0" : left.toFixed();
}

export type PaymentState = "paid" | "partial" | "unpaid";

export function paymentState(amount: string, paidAmount: string): PaymentState {
  if (new Decimal(remainingToPay(amount, paidAmount)).isZero()) return "paid";
  return new Decimal(paidAmount).isZero() ? "unpaid" : "partial";
}

/** A payment above what is left would make the ledger say more was paid than was owed. */
export function exceedsRemaining(amount: string, paidAmount: string, payment: string): boolean {
  return new Decimal(payment).greaterThan(remainingToPay(amount, paidAmount));
}
