import { Toaster as Sonner } from "sonner";
import { useResolvedTheme } from "~/app/use-theme";

// Spec §9: toasts last 4000 ms and at most 3 are visible. Rendered once by the app layout;
// anywhere below it: `import { toast } from "~/components/ui/toast"; toast.success(t("..."))`.
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;

export function Toaster({ label }: { label?: string }) {
  // sonner's own "system" would not see the footer's switch
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      position="top-center"
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
      closeButton
      richColors
      containerAriaLabel={label}
      toastOptions={{ className: "font-sans" }}
    />
  );
}
