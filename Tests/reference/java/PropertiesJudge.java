// What OpenJDK serves from a folder of .properties files: for each job read
// from standard input ("FOLDER<TAB>BASE<TAB>LOCALE", LOCALE a BCP 47 tag or
// "und" for the root bundle), every key of
// ResourceBundle.getBundle(BASE, LOCALE, a class loader over FOLDER, the
// no-fallback control), with its text and MessageFormat's output for a fixed
// set of argument tuples, as one JSON object a line:
//   {"folder":…, "base":…, "locale":…, "key":…, "text":…, "formats":[…]}
// A format Java refuses is null; a bundle Java cannot load is one line with
// "error". Run: javac -d OUT PropertiesJudge.java; java -cp OUT PropertiesJudge
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;

public final class PropertiesJudge {
    /** The argument tuples, in the order the test passes them. */
    static final Object[][] TUPLES = {
        {}, {3L}, {1L, "x"}, {0L}, {1234.5}, {new Date(1700000000000L)},
    };

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        ResourceBundle.Control control = ResourceBundle.Control.getNoFallbackControl(
            ResourceBundle.Control.FORMAT_PROPERTIES);
        String line;
        while ((line = in.readLine()) != null) {
            String[] job = line.split("\t", -1);
            if (job.length != 3) continue;
            String head = "{\"folder\":" + json(job[0]) + ",\"base\":" + json(job[1]) + ",\"locale\":" + json(job[2]);
            Locale locale = job[2].equals("und") ? Locale.ROOT : Locale.forLanguageTag(job[2]);
            ResourceBundle bundle;
            try (URLClassLoader loader = new URLClassLoader(new URL[] {new File(job[0]).toURI().toURL()}, null)) {
                bundle = ResourceBundle.getBundle(job[1], locale, loader, control);
                List<String> keys = new ArrayList<>(bundle.keySet());
                Collections.sort(keys);
                for (String key : keys) {
                    String text = bundle.getString(key);
                    StringBuilder formats = new StringBuilder();
                    for (Object[] tuple : TUPLES) {
                        if (formats.length() > 0) formats.append(',');
                        try {
                            formats.append(json(new MessageFormat(text, locale).format(tuple)));
                        } catch (RuntimeException e) {
                            formats.append("null");
                        }
                    }
                    out.println(head + ",\"key\":" + json(key) + ",\"text\":" + json(text)
                                + ",\"formats\":[" + formats + "]}");
                }
            } catch (RuntimeException e) {
                out.println(head + ",\"error\":" + json(e.toString()) + "}");
            }
            out.println(head + ",\"done\":true}");
        }
        out.flush();
    }

    /** A JSON string; lone surrogates become U+FFFD, as only valid UTF-8 is compared. */
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                b.append('\uFFFD');
            } else if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
