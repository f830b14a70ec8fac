// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { trimmedName } from "#contracts/common.ts";
import { i18nFor } from "~/app/i18n";
import { Field } from "~/components/ui/form-parts";
import { useContractForm } from "./use-contract-form";

// A schema given as a function importing it (a form whose chunk a zod-free first load holds):
// the first submit loads it and checks with it; one that cannot load lets the request go.

afterEach(cleanup);

const schema = z.object({ name: trimmedName(20) });

function NameForm({
  load,
  onValid,
}: {
  load: () => Promise<typeof schema>;
  onValid: (values: { name: string }) => void;
}) {
  const form = useContractForm({ schema: load, defaultValues: { name: "" } });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Field label="Name" error={form.fieldError("name")} {...form.register("name")} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(load: () => Promise<typeof schema>) {
  const onValid = vi.fn();
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <NameForm load={load} onValid={onValid} />
    </I18nextProvider>,
  );
  const submit = () =>
    act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
  return { onValid, submit, name: screen.getByLabelText("Name") };
}

describe("useContractForm with a schema imported on the first submit", () => {
  it("checks with the loaded schema and says its refusal on the field", async () => {
    const load = vi.fn(async () => schema);
    const { onValid, submit, name } = renderForm(load);
    expect(load).not.toHaveBeenCalled();
    await submit();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Fill in this field.")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: "  Amina  " } });
    await submit();
    expect(onValid).toHaveBeenCalledWith({ name: "Amina" }, expect.anything());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("one that cannot be imported lets the values go as typed, and is tried again next time", async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(schema);
    const { onValid, submit, name } = renderForm(load);
    await submit();
    expect(onValid).toHaveBeenCalledWith({ name: "" }, expect.anything());
    expect(name.hasAttribute("aria-invalid")).toBe(false);

    await submit();
    expect(load).toHaveBeenCalledTimes(2);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
