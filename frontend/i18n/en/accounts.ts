import type pl from "../pl/accounts";

const en: Record<keyof typeof pl, string> = {
  "login.title": "Log in and sign up",
  "login.heading": "I already have an account",
  "login.field_login": "E-mail",
  "login.field_password": "Password",
  "login.forgot_password": "Forgot your password?",
  "login.submit": "Log in",
  "login.show_form": "Show the login form",
  "login.hide_form": "Hide the login form",
  "register.heading": "New to the platform?",
  "register.subheading": "Training participant's details",
  "register.intro":
    "We print your first and last name on your certificate, so please give the participant's real details.",
  "register.field_email": "E-mail",
  "register.field_first_name": "First name",
  "register.field_last_name": "Last name",
  "register.field_password": "Password",
  "register.newsletter": "I want to receive information about promotions",
  "register.submit": "Create a free account",
  "register.terms_prefix": "By creating an account you accept the",
  "register.terms_link": "purchase terms",
  "register.terms_and": "and the",
  "register.privacy_link": "privacy policy",
  "register.show_form": "Show the sign-up form",
  "register.hide_form": "Hide the sign-up form",
  "register.checking_email": "Checking whether the address is free…",
  "register.student_warning":
    "This looks like a university address. After graduating you may lose access to it, and with it to your account and certificates. Consider using a private e-mail address.",
  "register.invitation_before": "A manager in your organisation invited",
  "register.invitation_after":
    "to the team. Accepting the invitation from another address may fail. Click the address to put it in the e-mail field.",
  "register.invitation_title": "Team invitation",
  "session.logging_out": "Logging you out…",
  "reminder.title": "Password reminder",
  "reminder.intro":
    "Enter the e-mail of your account and we will send it a link to set a new password.",
  "reminder.field_email": "E-mail",
  "reminder.submit": "Reset password",
  "reminder.login": "Log in",
  "reminder.sent_title": "The message should be in your inbox by now",
  "reminder.sent_body":
    "If the address you entered is valid and belongs to an account on the platform, we have sent it a password reset request. Can't see the message? Check your spam folder.",
  "reminder.home": "Home page",
  "reminder.failure": "We are unable to send a password reminder to this user.",
  "reset.title": "Set a new password",
  "reset.intro":
    "Enter a new password for your account. After the change we log the account out on other devices.",
  "reset.field_password": "New password",
  "reset.submit": "Save the new password",
  "reset.request_new": "Ask for a new link",
  "admin_login.title": "Administrator login",
  "admin_login.field_email": "E-mail",
  "admin_login.field_password": "Password",
  "admin_login.submit": "Log in",
  "admin_login.forgot": "Forgot your password? Click here",
  "session_link.title": "Logging in from a link",
  "session_link.logging_in": "Logging you in…",
  "session_link.failed": "We could not reach the platform.",
  "session_link.retry": "Try again",
  "deletion.title": "Account deletion",
  "deletion.confirm": "Confirm the deletion of the user account",
  "deletion.warning":
    "The account is locked at once and we delete its data within 24 hours. Until then you can restore it with the link we will e-mail you.",
  "deletion.submit": "Delete account",
  "deletion.back": "Back to the platform",
  "deletion_request.title": "Delete account",
  "deletion_request.intro":
    "Once your account is deleted you lose access to your courses, exams, learning paths and certificates.",
  "deletion_request.how":
    "We will send a link to {email} to confirm the deletion. The link is valid for 24 hours.",
  "deletion_request.submit": "Send the confirmation link",
  "deletion_request.sent":
    "We have sent the confirmation link to {email}. Open it within 24 hours to delete the account.",
  "deletion_request.resend": "Send the link again",
  "deletion_request.back": "Back to the profile",
  "restore.title": "Account restore",
  "restore.intro":
    "Your account is waiting to be deleted. If you want to keep it, restore it now: then you log in as before.",
  "restore.submit": "Restore account",
  "restore.login": "Go to login",
  "data_export.title": "Your data",
  "data_export.intro":
    "The JSON file with your data is ready. The link works once: after the download the file is gone from Platforma.",
  "data_export.submit": "Download my data",
  "data_export.started": "The download has started. The file is in your browser's downloads.",
  "data_export.back": "Back to the profile",
};

export default en;
