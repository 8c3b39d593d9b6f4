// What OpenJDK reads from single .properties files: for each path read from
// standard input (one a line), the key→value map of
// new PropertyResourceBundle(InputStream) (UTF-8, or ISO-8859-1 when the
// file is not UTF-8, as ResourceBundle reads bundles since Java 9), and for
// each key whether java.text.MessageFormat takes its text and what it
// prints for PropertiesJudge.TUPLES, as one JSON object a line:
//   {"path":…, "entries":{KEY:{"text":…, "formats":[…]}, …}}  or  {"path":…, "error":…}
// Run: javac -d OUT PropertiesJudge.java PropertiesReadJudge.java; java -cp OUT PropertiesReadJudge
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.PropertyResourceBundle;

public final class PropertiesReadJudge {
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String path;
        while ((path = in.readLine()) != null) {
            if (path.isEmpty()) continue;
            StringBuilder line = new StringBuilder("{\"path\":" + PropertiesJudge.json(path));
            try (InputStream stream = new FileInputStream(path)) {
                PropertyResourceBundle bundle = new PropertyResourceBundle(stream);
                List<String> keys = new ArrayList<>(bundle.keySet());
                Collections.sort(keys);
                line.append(",\"entries\":{");
                boolean first = true;
                for (String key : keys) {
                    String text = bundle.getString(key);
                    StringBuilder formats = new StringBuilder();
                    for (Object[] tuple : PropertiesJudge.TUPLES) {
                        if (formats.length() > 0) formats.append(',');
                        try {
                            formats.append(PropertiesJudge.json(new MessageFormat(text, Locale.ROOT).format(tuple)));
                        } catch (RuntimeException e) {
                            formats.append("null");
                        }
                    }
                    if (!first) line.append(',');
                    first = false;
                    line.append(PropertiesJudge.json(key)).append(":{\"text\":").append(PropertiesJudge.json(text))
                        .append(",\"formats\":[").append(formats).append("]}");
                }
                line.append("}}");
            } catch (Exception e) {
                line.append(",\"error\":").append(PropertiesJudge.json(e.toString())).append("}");
            }
            out.println(line);
        }
        out.flush();
    }
}
