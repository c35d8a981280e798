import Button from "@/components/ui/Button";
import Dialog from "@/components/ui/Dialog";
import { useT } from "@/i18n";

/** The footer's cookie settings: what the platform stores and why. When a consent manager
 * arrives, this is where its settings open instead. */
export default function CookieSettings({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open
      role="dialog"
      title={t("cookies.title")}
      onClose={onClose}
      actions={
        <Button onClick={onClose} autoFocus>
          {t("cookies.close")}
        </Button>
      }
    >
      <p>{t("cookies.intro")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        <li>{t("cookies.session")}</li>
        <li>{t("cookies.csrf")}</li>
        <li>{t("cookies.language")}</li>
        <li>{t("cookies.banners")}</li>
      </ul>
    </Dialog>
  );
}
