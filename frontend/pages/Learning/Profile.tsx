import { Link, useForm } from "@inertiajs/react";
import { useState } from "react";

import DataExportCard from "@/components/account/DataExportCard";
import FactorList from "@/components/mfa/FactorList";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import Checkbox from "@/components/ui/Checkbox";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import AppSessions from "@/components/learning/AppSessions";
import ConsentSection from "@/components/consent/ConsentSection";
import PageHeading from "@/components/learning/PageHeading";
import { useFormFields } from "@/hooks/useFormFields";
import { useButtonPost, useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps, ProfileProps } from "@/types/generated";

// Besides its own area, the page shows texts of the accounts and consent areas.
export const catalogues = ["accounts", "consent"];

const AVATAR_TYPES = "image/jpeg,image/png,image/webp,image/gif";

function NamesForm({ page }: { page: ProfileProps }) {
  const t = useT();
  const form = useForm({
    first_name: page.profile.first_name,
    last_name: page.profile.last_name,
    is_profile_public: page.profile.is_profile_public,
  });
  const fields = useFormFields(form, page.rules);
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.urls.update, {
    fields,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <h2 className="text-lg font-bold">{t("profile.data")}</h2>
      <p className="text-sm text-slate-700">{t("profile.names_hint")}</p>
      <TextField
        id="profile-email"
        label={t("profile.email")}
        value={page.profile.email}
        onValueChange={() => undefined}
        readOnly
      />
      <TextField
        id="profile-first-name"
        label={t("register.field_first_name")}
        autoComplete="given-name"
        {...fields.field("first_name")}
        required
      />
      <TextField
        id="profile-last-name"
        label={t("register.field_last_name")}
        autoComplete="family-name"
        {...fields.field("last_name")}
        required
      />
      <Checkbox
        id="profile-public"
        label={t("profile.public")}
        checked={form.data.is_profile_public}
        onCheckedChange={(checked) => form.setData("is_profile_public", checked)}
      />
      {!form.data.is_profile_public ? (
        <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <span aria-hidden="true">⚠</span>
          {t("profile.not_public_hint")}
        </p>
      ) : null}
      <Button type="submit" disabled={disabled}>
        {t("profile.save")}
      </Button>
      <MessageDialog message={failure} onClose={clearFailure} />
    </form>
  );
}

function AvatarForm({ page }: { page: ProfileProps }) {
  const t = useT();
  const form = useForm<{ avatar: File | null }>({ avatar: null });
  const removing = useButtonPost();
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? form.errors.avatar ?? null;
  const maxMb = Math.round(page.avatar_max_bytes / (1024 * 1024));

  function choose(file: File | null) {
    form.clearErrors("avatar");
    setClientError(null);
    if (file && file.size > page.avatar_max_bytes) {
      setClientError(t("profile.avatar_too_large", { max: maxMb }));
      form.setData("avatar", null);
      return;
    }
    form.setData("avatar", file);
  }

  // The file goes as multipart form data (Inertia's choice for a form holding a file).
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.urls.avatar, {
    ready: form.data.avatar !== null,
    onStay: () => form.reset(),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-bold">{t("profile.avatar")}</h2>
      <div className="flex items-center gap-4">
        {page.profile.avatar_url ? (
          <img
            src={page.profile.avatar_url}
            alt={t("profile.avatar_current")}
            className="size-24 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={t("profile.avatar_default")}
            className="flex size-24 items-center justify-center rounded-full bg-blue-100 text-3xl font-bold text-blue-900"
          >
            {(page.profile.first_name[0] ?? "").toUpperCase()}
            {(page.profile.last_name[0] ?? "").toUpperCase()}
          </div>
        )}
        {page.profile.avatar_url ? (
          <Button
            variant="ghost"
            disabled={removing.disabled}
            onClick={() => removing.post(page.urls.avatar_remove)}
          >
            {t("profile.avatar_remove")}
          </Button>
        ) : null}
      </div>
      <div>
        <label htmlFor="profile-avatar" className="mb-1 block text-sm font-medium text-slate-800">
          {t("profile.avatar_file")}
        </label>
        <input
          id="profile-avatar"
          type="file"
          accept={AVATAR_TYPES}
          aria-invalid={error ? true : undefined}
          aria-describedby={`profile-avatar-hint${error ? " profile-avatar-error" : ""}`}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold"
        />
        <p id="profile-avatar-hint" className="mt-1 text-sm text-slate-600">
          {t("profile.avatar_hint", { max: maxMb })}
        </p>
        {error ? (
          <p id="profile-avatar-error" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={disabled}>
        {t("profile.avatar_upload")}
      </Button>
      <MessageDialog message={failure} onClose={clearFailure} />
      <MessageDialog message={removing.failure} onClose={removing.clearFailure} />
    </form>
  );
}

export default function Profile(page: PageProps<"Learning/Profile">) {
  const t = useT();
  return (
    <>
      <PageHeading title={t("menu.profile")} />
      <div className="mt-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <Card>
              <NamesForm page={page} />
            </Card>
            <Card>
              <ConsentSection />
            </Card>
          </div>
          <div className="space-y-6">
            <Card>
              <AvatarForm page={page} />
            </Card>
            <Card as="section" aria-labelledby="second-factors-heading">
              <h2 id="second-factors-heading" className="text-lg font-bold">
                {t("factors.title")}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t("factors.intro")}</p>
              <FactorList factors={page.second_factors} />
              <Link
                href={page.urls.second_factors}
                className="mt-3 inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
              >
                {t("factors.manage")}
              </Link>
            </Card>
            <Card>
              <AppSessions sessions={page.app_sessions} />
            </Card>
            <DataExportCard />
            <Card tone="danger">
              <h2 className="text-lg font-bold">{t("profile.delete_heading")}</h2>
              <p className="mt-1 text-sm text-slate-700">{t("profile.delete_text")}</p>
              <Link
                href={page.urls.delete_account}
                className="mt-3 inline-flex min-h-11 items-center font-semibold text-red-700 underline"
              >
                {t("profile.delete_link")}
              </Link>
            </Card>
          </div>
        </div>
      </div>
    </>
  );
}
