package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.api.ResultSection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.JsonFactory;
import org.codehaus.jackson.JsonGenerator;
import org.codehaus.jackson.util.DefaultPrettyPrinter;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Adds the sections bindings published ({@code [TIER]} and the like) to the end of the report, in
 * the format of the exporter that wrote the rest. Core's exporter interface takes numbers only,
 * while a section may hold labels (a medium, a path), so for core's three exporters the lines or
 * JSON objects are written here after the exporter closed, exactly as that exporter would write
 * a number; a third-party exporter gets the numbers through its interface and no labels.
 */
public final class ExtraSections {
  private static final String CORE = "site.ycsb.measurements.exporter.";
  private static final JsonFactory JSON = new JsonFactory();

  /** How the report of one exporter class is extended. */
  public enum Format {
    TEXT, JSON_OBJECTS, JSON_ARRAY, OTHER;

    public static Format of(Class<?> exporterClass) {
      switch (exporterClass.getName()) {
        case CORE + "TextMeasurementsExporter":
          return TEXT;
        case CORE + "JSONMeasurementsExporter":
          return JSON_OBJECTS;
        case CORE + "JSONArrayMeasurementsExporter":
          return JSON_ARRAY;
        default:
          return OTHER;
      }
    }
  }

  private ExtraSections() {
  }

  /** Before the exporter closes: a third-party exporter gets the sections' numbers. */
  public static void writeThrough(Format format, MeasurementsExporter exporter, List<ResultSection> sections)
      throws IOException {
    if (format != Format.OTHER) {
      return;
    }
    for (ResultSection s : sections) {
      for (Map.Entry<String, Object> e : s.values().entrySet()) {
        if (e.getValue() instanceof Long) {
          exporter.write(s.name(), e.getKey(), (Long) e.getValue());
        } else if (e.getValue() instanceof Double) {
          exporter.write(s.name(), e.getKey(), (Double) e.getValue());
        }
      }
    }
  }

  /** After the exporter closed: the finished report with the sections added in its format. */
  public static byte[] appendTo(byte[] report, Format format, List<ResultSection> sections) throws IOException {
    if (sections.isEmpty() || format == Format.OTHER) {
      return report;
    }
    StringBuilder extra = new StringBuilder();
    for (ResultSection s : sections) {
      for (Map.Entry<String, Object> e : s.values().entrySet()) {
        if (format == Format.TEXT) {
          // the same concatenation as core's TextMeasurementsExporter
          extra.append('[').append(s.name()).append("], ").append(e.getKey()).append(", ").append(e.getValue())
              .append(System.lineSeparator());
        } else {
          extra.append(format == Format.JSON_ARRAY ? ", " : " ").append(jsonObject(s.name(), e.getKey(), e.getValue()));
        }
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(report.length + extra.length() + 8);
    if (format == Format.JSON_ARRAY) {
      int end = report.length - 1;
      while (end >= 0 && report[end] != ']') {
        end--;
      }
      if (end < 0) {
        throw new IOException("the JSON array report has no closing bracket");
      }
      int keep = end;
      while (keep > 0 && Character.isWhitespace(report[keep - 1])) {
        keep--;
      }
      out.write(report, 0, keep);
      extra.append(" ]");
    } else {
      out.write(report);
    }
    out.write(extra.toString().getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private static String jsonObject(String metric, String measurement, Object value) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = JSON.createJsonGenerator(w)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      g.writeStartObject();
      g.writeStringField("metric", metric);
      g.writeStringField("measurement", measurement);
      if (value instanceof Long) {
        g.writeNumberField("value", (Long) value);
      } else if (value instanceof Double) {
        g.writeNumberField("value", (Double) value);
      } else {
        g.writeStringField("value", value.toString());
      }
      g.writeEndObject();
    }
    return w.toString();
  }
}
