module polyviz

go 1.24

require github.com/spf13/pflag v1.0.6
