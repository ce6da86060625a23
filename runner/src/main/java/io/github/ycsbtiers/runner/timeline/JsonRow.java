package io.github.ycsbtiers.runner.timeline;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads one timeline row back (for {@code bin/ycsb merge}): a JSON object of strings, numbers,
 * {@code null}, booleans and nested objects, which is all {@link TimelineRow} writes. Objects are
 * maps in their order, numbers doubles, {@code null} null.
 */
final class JsonRow {
  private final String text;
  private int at;

  private JsonRow(String text) {
    this.text = text;
  }

  /** @throws IllegalArgumentException where the line is not such an object */
  static Map<String, Object> parse(String line) {
    JsonRow r = new JsonRow(line);
    Map<String, Object> row = r.object();
    r.space();
    if (r.at != line.length()) {
      throw r.bad("the end of the line");
    }
    return row;
  }

  private Map<String, Object> object() {
    expect('{');
    Map<String, Object> out = new LinkedHashMap<>();
    space();
    if (peek() == '}') {
      at++;
      return out;
    }
    while (true) {
      space();
      String key = string();
      space();
      expect(':');
      out.put(key, value());
      space();
      char c = next();
      if (c == '}') {
        return out;
      }
      if (c != ',') {
        throw bad("',' or '}'");
      }
    }
  }

  private Object value() {
    space();
    char c = peek();
    if (c == '{') {
      return object();
    }
    if (c == '"') {
      return string();
    }
    for (String word : new String[] {"null", "true", "false"}) {
      if (text.startsWith(word, at)) {
        at += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word);
      }
    }
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    try {
      return Double.parseDouble(text.substring(start, at));
    } catch (NumberFormatException e) {
      at = start;
      throw bad("a value");
    }
  }

  private String string() {
    expect('"');
    StringBuilder s = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return s.toString();
      }
      if (c == '\\') {
        char e = next();
        if (e == 'u') {
          s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        } else {
          s.append(switch (e) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            default -> e;
          });
        }
      } else {
        s.append(c);
      }
    }
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private char peek() {
    if (at >= text.length()) {
      throw bad("more");
    }
    return text.charAt(at);
  }

  private char next() {
    char c = peek();
    at++;
    return c;
  }

  private void expect(char c) {
    if (next() != c) {
      at--;
      throw bad("'" + c + "'");
    }
  }

  private IllegalArgumentException bad(String wanted) {
    return new IllegalArgumentException("expected " + wanted + " at character " + (at + 1));
  }
}
