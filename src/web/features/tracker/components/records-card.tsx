import { CheckCircle2, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { CreateObligationRequest, ObligationDto } from "#contracts/zakat.ts";
import type { CurrencyCode } from "#domain/money/currency.ts";
import { exceedsRemaining, paymentState, remainingToPay } from "#domain/hawl/payments.ts";
import { useLanguage } from "~/app/language";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/page-spinner";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useErrorMessageLater } from "~/lib/error-message";
import { ApiError } from "~/lib/api-client";
import { formatDay, formatMoney } from "~/lib/format";
import { amountAsTyped, checkTrackerAmount } from "./amount";
import { AddRecordDialog } from "./add-record-dialog";

function remainingOf(record: Pick<ObligationDto, "amount" | "paidAmount">): string {
  return remainingToPay(record.amount, record.paidAmount);
}

function stateOf(record: ObligationDto) {
  return paymentState(record.amount, record.paidAmount);
}

const priorityTones = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-gold-50 text-gold-800 ring-gold-200",
  low: "bg-stone-100 text-stone-700 ring-stone-200",
} as const;

/**
 * The records (obligations, PRODUCT.md "Payments ledger"): each with its amount, due date,
 * priority and what was paid; "Mark paid" in part or in full; the totals due and paid.
 */
export function RecordsCard({
  records,
  totalDue,
  totalPaid,
  currency,
  onAdd,
  onPay,
  onDelete,
  className,
}: {
  records: readonly ObligationDto[];
  totalDue: string;
  totalPaid: string;
  currency: CurrencyCode;
  onAdd: (record: CreateObligationRequest) => Promise<void>;
  onPay: (id: string, amount: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  className?: string;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState<ObligationDto | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const money = (wire: string) => formatMoney(wire, currency, lang);

  async function remove(record: ObligationDto) {
    setDeleting(record.id);
    try {
      await onDelete(record.id);
      toast.success(t("records.deleted"));
    } catch {
      toast.error(t("records.deleteFailed"));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card className={className} data-testid="records-card">
      <section aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle as="h2" id={`${id}-title`}>
              {t("records.title")}
            </CardTitle>
            <CardDescription className="mt-1">{t("records.description")}</CardDescription>
          </div>
          <Button size="sm" onClick={() => setAdding(true)} data-testid="add-record">
            <Plus aria-hidden="true" />
            {t("records.add")}
          </Button>
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs font-medium text-stone-500">{t("records.totalDue")}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-stone-900" data-testid="total-due">
              {money(totalDue)}
            </dd>
          </div>
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs font-medium text-emerald-800">{t("records.totalPaid")}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-emerald-900" data-testid="total-paid">
              {money(totalPaid)}
            </dd>
          </div>
        </dl>

        {records.length === 0 ? (
          <p className="mt-4 text-sm text-stone-600" data-testid="records-empty">
            {t("records.empty")}
          </p>
        ) : (
          <ul aria-label={t("records.listLabel")} className="mt-4 divide-y divide-stone-200">
            {records.map((record) => {
              const state = stateOf(record);
              return (
                <li
                  key={record.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="record-item"
                  data-state={state}
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-medium break-words text-stone-900">{record.category}</p>
                      <Badge
                        tone={state === "paid" ? "success" : "neutral"}
                        data-testid="record-state"
                      >
                        {t(`records.state.${state}`)}
                      </Badge>
                      <span
                        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${priorityTones[record.priority]}`}
                      >
                        {t("records.priority", {
                          priority: t(`addRecord.priorities.${record.priority}`),
                        })}
                      </span>
                    </div>
                    <p className="mt-0.5 text-sm text-stone-600">
                      <span data-testid="record-amount">
                        {t("records.paidOf", {
                          paid: money(record.paidAmount),
                          amount: money(record.amount),
                        })}
                      </span>
                      <span aria-hidden="true" className="px-1.5 text-stone-400">
                        ·
                      </span>
                      <time dateTime={record.dueDate}>
                        {t("records.due", { date: formatDay(record.dueDate, lang) })}
                      </time>
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    {state !== "paid" && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setPaying(record)}
                        aria-label={t("records.markPaidFor", { category: record.category })}
                        data-testid="mark-paid"
                      >
                        <CheckCircle2 aria-hidden="true" />
                        {t("records.markPaid")}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void remove(record)}
                      disabled={deleting !== null}
                      aria-busy={deleting === record.id || undefined}
                      aria-label={t("records.deleteFor", { category: record.category })}
                      data-testid="delete-record"
                    >
                      {deleting === record.id ? (
                        <Spinner className="size-4" />
                      ) : (
                        <Trash2 aria-hidden="true" />
                      )}
                      <span className="sm:sr-only">{t("records.delete")}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <AddRecordDialog
        open={adding}
        onOpenChange={setAdding}
        currency={currency}
        onSubmit={async (record) => {
          await onAdd(record);
          toast.success(t("addRecord.success"));
        }}
      />
      <PaymentDialog
        record={paying}
        currency={currency}
        onClose={() => setPaying(null)}
        onSubmit={async (amount) => {
          await onPay(paying!.id, amount);
          toast.success(t("payment.success"));
          setPaying(null);
        }}
      />
    </Card>
  );
}

/** "Mark paid": the whole remaining amount, or part of it. */
export function PaymentDialog({
  record,
  currency,
  onClose,
  onSubmit,
}: {
  record: ObligationDto | null;
  currency: CurrencyCode;
  onClose: () => void;
  onSubmit: (amount: string) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      {record && (
        <DialogContent
          title={t("payment.title")}
          description={t("payment.description", {
            category: record.category,
            remaining: formatMoney(remainingOf(record), currency, lang),
          })}
          closeLabel={t("dialog.close")}
          data-testid="payment-dialog"
        >
          <PaymentForm record={record} currency={currency} onCancel={onClose} onSubmit={onSubmit} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PaymentForm({
  record,
  currency,
  onCancel,
  onSubmit,
}: {
  record: ObligationDto;
  currency: CurrencyCode;
  onCancel: () => void;
  onSubmit: (amount: string) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const message = useErrorMessageLater();
  const remaining = remainingOf(record);
  const [amount, setAmount] = useState(amountAsTyped(remaining, lang));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(wire: string) {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(wire);
    } catch (e) {
      if (e instanceof ApiError && e.fields?.amount === "exceeds_remaining") {
        setFieldError(t("payment.exceeds"));
      } else {
        setError(await message(e, t("payment.failed")));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-5 space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = checkTrackerAmount(amount, lang, currency);
        if (!parsed.ok) {
          setFieldError(t(`addRecord.amountErrors.${parsed.error}`));
          return;
        }
        if (exceedsRemaining(record.amount, record.paidAmount, parsed.value)) {
          setFieldError(t("payment.exceeds"));
          return;
        }
        setFieldError(null);
        void pay(parsed.value);
      }}
    >
      <Field
        label={t("payment.amount", { currency })}
        value={amount}
        inputMode="decimal"
        autoComplete="off"
        error={fieldError}
        onChange={(event) => setAmount(event.target.value)}
      />
      {error && <ErrorAlert testId="payment-error">{error}</ErrorAlert>}
      <DialogFooter className="flex-wrap">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("payment.cancel")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void pay(remaining)}
          disabled={busy}
          data-testid="pay-in-full"
        >
          {t("payment.full")}
        </Button>
        <SubmitButton loading={busy} loadingLabel={t("payment.submitting")} data-testid="pay-part">
          {t("payment.submit")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
