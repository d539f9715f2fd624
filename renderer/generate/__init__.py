"""Generated documents: the JSON schemas, values.yaml, the chart README and the halconfig reference."""
