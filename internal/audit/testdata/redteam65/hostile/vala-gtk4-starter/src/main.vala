namespace Starter {
    public class Application : Adw.Application {
        public Application () {
            Object (application_id: APP_ID, flags: ApplicationFlags.DEFAULT_FLAGS);
        }

        construct {
            ActionEntry[] actions = {
                { "about", on_about },
                { "quit", quit },
            };
            add_action_entries (actions, this);
            set_accels_for_action ("app.quit", { "<primary>q" });
        }

        public override void activate () {
            var win = active_window ?? new Window (this);
            win.present ();
        }

        private void on_about () {
            var about = new Adw.AboutDialog () {
                application_name = "Starter",
                application_icon = APP_ID,
                version = VERSION,
                developer_name = "Starter contributors",
                license_type = Gtk.License.GPL_3_0,
            };
            about.present (active_window);
        }
    }

    public static int main (string[] args) {
        Intl.setlocale (LocaleCategory.ALL, "");
        Intl.bindtextdomain (GETTEXT_PACKAGE, "/usr/share/locale");
        Intl.textdomain (GETTEXT_PACKAGE);
        return new Application ().run (args);
    }
}
