package io.codedyarn.am.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsTag;

/**
 * A hand-written metrics2 collector that keeps the last record's values by name (tags as strings,
 * metrics as numbers): what a sink would get from one snapshot.
 */
final class RecordingCollector implements MetricsCollector {
    final Map<String, Number> metrics = new LinkedHashMap<>();
    final Map<String, String> tags = new LinkedHashMap<>();
    String recordName;
    String context;

    @Override
    public MetricsRecordBuilder addRecord(String name) {
        recordName = name;
        return new Builder();
    }

    @Override
    public MetricsRecordBuilder addRecord(MetricsInfo info) {
        return addRecord(info.name());
    }

    private final class Builder extends MetricsRecordBuilder {
        @Override
        public MetricsRecordBuilder tag(MetricsInfo info, String value) {
            tags.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder add(MetricsTag tag) {
            tags.put(tag.name(), tag.value());
            return this;
        }

        @Override
        public MetricsRecordBuilder add(AbstractMetric metric) {
            metrics.put(metric.name(), metric.value());
            return this;
        }

        @Override
        public MetricsRecordBuilder setContext(String value) {
            context = value;
            return this;
        }

        @Override
        public MetricsRecordBuilder addCounter(MetricsInfo info, int value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder addCounter(MetricsInfo info, long value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder addGauge(MetricsInfo info, int value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder addGauge(MetricsInfo info, long value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder addGauge(MetricsInfo info, float value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsRecordBuilder addGauge(MetricsInfo info, double value) {
            metrics.put(info.name(), value);
            return this;
        }

        @Override
        public MetricsCollector parent() {
            return RecordingCollector.this;
        }
    }
}
