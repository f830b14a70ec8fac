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
      // at the bottom: at the top they covered the page's title (issue 30)
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      offset={{ bottom: 24 }}
      mobileOffset={{ bottom: 16 }}
      closeButton
      richColors
      containerAriaLabel={label}
      toastOptions={{ className: "font-sans" }}
    />
  );
}
