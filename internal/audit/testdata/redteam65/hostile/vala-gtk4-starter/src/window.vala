namespace Starter {
    [GtkTemplate (ui = "/org/example/Starter/window.ui")]
    public class Window : Adw.ApplicationWindow {
        [GtkChild] private unowned Gtk.Label counter_label;
        private int clicks = 0;

        public Window (Gtk.Application app) {
            Object (application: app);
        }

        [GtkCallback]
        private void on_clicked () {
            clicks++;
            counter_label.label = ngettext ("Clicked %d time", "Clicked %d times", clicks).printf (clicks);
        }
    }
}
