"""The chart's values, declared by section; `renderer.generate.values_model` assembles them into `Values`."""
