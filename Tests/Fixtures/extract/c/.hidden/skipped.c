const char *s = _("hidden directories are skipped");
