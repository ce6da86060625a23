package io.github.ycsbtiers.runner.workload.template;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One argument of a command template: literal text and placeholders in order, such as
 * {@code foo-__RAND__}. Immutable.
 *
 * @param parts each a {@code byte[]} literal or a {@link Placeholder}
 */
public record Argument(List<Object> parts) {
  private static final Pattern PLACEHOLDER = Pattern.compile("__[A-Za-z0-9]+__");

  /**
   * Parses one whitespace-free argument.
   *
   * @return null if it names an unknown placeholder (see {@link #unknownPlaceholder})
   */
  static Argument parse(String text) {
    List<Object> parts = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(text);
    int at = 0;
    while (m.find()) {
      Placeholder p = Placeholder.of(m.group());
      if (p == null) {
        return null;
      }
      if (m.start() > at) {
        parts.add(text.substring(at, m.start()).getBytes(StandardCharsets.UTF_8));
      }
      parts.add(p);
      at = m.end();
    }
    if (at < text.length() || parts.isEmpty()) {
      parts.add(text.substring(at).getBytes(StandardCharsets.UTF_8));
    }
    return new Argument(List.copyOf(parts));
  }

  /** The first {@code __NAME__} in {@code text} that is not a known placeholder, or null. */
  static String unknownPlaceholder(String text) {
    Matcher m = PLACEHOLDER.matcher(text);
    while (m.find()) {
      if (Placeholder.of(m.group()) == null) {
        return m.group();
      }
    }
    return null;
  }

  boolean uses(Placeholder p) {
    return parts.contains(p);
  }

  /** The literal bytes if this argument has no placeholder, else null. */
  byte[] literal() {
    return parts.size() == 1 && parts.get(0) instanceof byte[] b ? b : null;
  }

  /**
   * The hash tag of this argument as a key ({@code {tag}}) if it is fixed text, which pins every
   * key of the argument to one slot; null otherwise.
   */
  String fixedHashTag() {
    StringBuilder prefix = new StringBuilder();
    for (Object part : parts) {
      if (!(part instanceof byte[] b)) {
        break;
      }
      prefix.append(new String(b, StandardCharsets.UTF_8));
    }
    int open = prefix.indexOf("{");
    int close = open < 0 ? -1 : prefix.indexOf("}", open + 1);
    return close > open + 1 ? prefix.substring(open + 1, close) : null;
  }
}
